/** The switching feature: a switch's `switching` settings kind (ports), its rules, views and endpoints. */
export * from './api';
export * from './endpoints';
export {
  formatLinkSpeed,
  portRemarkIssue,
  portVlanIssues,
  type SwitchRuleContext,
  switchSettingsIssues,
} from './issues';
export { projectVlanIds, switchingKind, switchVlanSchema } from './kind';
export * from './profileApi';
export * from './profileIssues';
export { followingSwitches, portProfilesKind } from './profileKind';
export * from './profileSuggestions';
export * from './profiles';
export * from './settings';
