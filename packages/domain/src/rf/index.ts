/**
 * The RF feature: the project's `rf` settings kind (optimisation schedule, roaming) and each
 * device's `radio` kind, their rules, views, endpoints, and the optimisation runs.
 */
export * from './api';
export * from './channels';
export * from './endpoints';
export { type RadioRuleContext, ROAM_THRESHOLD_RULE, radioSettingsIssues, rfSettingsIssues } from './issues';
export { deviceRoamingSchema, radioKind, rfKind } from './kinds';
export * from './runs';
export * from './settings';
