/** The wireless feature: the project's `wireless` settings kind (Wi-Fi policies), its rules, views and endpoints. */
export * from './api';
export * from './endpoints';
export {
  type BroadcastSsid,
  broadcastSsidSchema,
  type ImpactDevice,
  impactHeadline,
  type RadioBroadcast,
  radioBroadcastSchema,
  type SsidChange,
  type SsidLook,
  type SsidNow,
  type WirelessImpact,
  wirelessChangeImpact,
} from './impact';
export {
  type BridgeUplinkUse,
  bridgeUplinkUses,
  otherProjectSsids,
  policiesInUseIssues,
  policyDeleteIssue,
  policyUplinkUsers,
} from './inUse';
export { wirelessSettingsIssues } from './issues';
export { policyVlanIds, wirelessKind, wirelessRuleDevices } from './kind';
export * from './render';
export * from './settings';
export { policySsids, type WirelessRuleContext, type WirelessRuleDevice } from './ssidRules';
export {
  type CarriedDevice,
  type CarrierSwitch,
  carrierSwitchSchema,
  type UplinkRef,
  uplinkRefSchema,
  type VlanGap,
  vlanCarriageGaps,
  withVlanTagged,
} from './vlanCarriage';
