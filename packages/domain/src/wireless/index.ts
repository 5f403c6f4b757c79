/** The wireless feature: the project's `wireless` settings kind (Wi-Fi policies), its rules, views and endpoints. */
export * from './api';
export * from './endpoints';
export {
  type BridgeUplinkUse,
  bridgeUplinkUses,
  otherProjectSsids,
  policiesInUseIssues,
  policyDeleteIssue,
  policyUplinkUsers,
} from './inUse';
export { wirelessSettingsIssues } from './issues';
export { wirelessKind, wirelessRuleDevices } from './kind';
export * from './render';
export * from './settings';
export { policySsids, type WirelessRuleContext, type WirelessRuleDevice } from './ssidRules';
