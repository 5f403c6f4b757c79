/** The CPE feature: a CPE's `bridge` settings kind, its rules, views and endpoints (mode switch, Wi-Fi search). */
export * from './api';
export * from './endpoints';
export { type BridgeRuleContext, bridgeSettingsIssues } from './issues';
export { bridgeKind, uplinkIssues } from './kind';
export * from './settings';
