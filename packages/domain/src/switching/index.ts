/** The switching feature: a switch's `switching` settings kind (ports), its rules, views and endpoints. */
export * from './api';
export * from './endpoints';
export { formatLinkSpeed, portRemarkIssue, type SwitchRuleContext, switchSettingsIssues } from './issues';
export { projectVlanIds, switchingKind, switchVlanSchema } from './kind';
export * from './settings';
