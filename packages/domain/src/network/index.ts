/** The network feature: the project's `network` settings kind, its rules, views and endpoints. */
export * from './api';
export { formatLeaseMinutes } from './diff';
export * from './endpoints';
export * from './gateway';
export { networkSettingsIssues } from './issues';
export { networkKind } from './kind';
export type { NetworkRuleContext } from './ruleContext';
export * from './settings';
export * from './vlanPortUsage';
