/**
 * The `wireless` settings kind: the project's Wi-Fi policies, one document per project, rendered
 * per device into the SSIDs its radios broadcast (`wireless.ssids[]`).
 */
import { z } from 'zod';
import {
  defineKind,
  deviceKindOf,
  isSecondaryMeshNode,
  type KindDevice,
  type ProjectDocuments,
} from '../config/kind';
import { SETTINGS_MAX_DEVICE_SSIDS } from '../limits';
import { savedNetwork } from '../network/settings';
import { WIRELESS_DIFF } from './diff';
import { bridgeUplinkUses, otherProjectSsids, policiesInUseIssues } from './inUse';
import { wirelessSettingsIssues } from './issues';
import { deviceSsidSchema, renderSsids } from './render';
import {
  defaultWirelessSettings,
  takesWifiPolicies,
  WIFI_POLICY_KINDS,
  type WirelessSettings,
  wirelessSettingsSchema,
} from './settings';
import type { WirelessRuleDevice } from './ssidRules';

/** APs, wireless routers, mesh units: the SSIDs to broadcast, per band. */
const wirelessSection = z.object({ ssids: z.array(deviceSsidSchema).max(SETTINGS_MAX_DEVICE_SSIDS) });

/** The devices of the project as the wireless rules see them. */
export function wirelessRuleDevices(devices: readonly KindDevice[]): WirelessRuleDevice[] {
  return devices.map((d) => ({
    id: d.deviceId,
    kind: deviceKindOf(d),
    bands: (d.model?.radios ?? []).map((r) => r.band),
    name: d.name,
    secondary: isSecondaryMeshNode(d),
  }));
}

/** The VLAN ids a policy may tag: the project's VLANs (network settings), none before they are saved. */
export function policyVlanIds(docs: ProjectDocuments): number[] {
  return (savedNetwork(docs)?.vlans ?? []).map((v) => v.id);
}

/** The `wireless` kind's definition (registered by the server's wireless feature). */
export const wirelessKind = defineKind<WirelessSettings, { wireless: typeof wirelessSection }>('wireless', {
  schema: wirelessSettingsSchema,
  support: { kinds: WIFI_POLICY_KINDS, capability: 'wifi' },
  sections: { wireless: wirelessSection },
  diff: WIRELESS_DIFF,
  factory: () => defaultWirelessSettings(),
  // Secondary mesh nodes are reached too: the save reports them as skipped (912).
  reach: ({ devices }) => devices.filter(takesWifiPolicies),
  render: (settings, { device }) => {
    const bands = (device.model?.radios ?? []).map((r) => r.band);
    if (!settings || !takesWifiPolicies(device) || bands.length === 0) return {};
    return { wireless: { ssids: renderSsids(settings, device.deviceId, bands) } };
  },
  issues: (settings, { devices, docs, previous }) => [
    ...wirelessSettingsIssues(settings, {
      devices: wirelessRuleDevices(devices),
      previous,
      otherSsids: otherProjectSsids(docs, devices),
      projectVlans: policyVlanIds(docs),
    }),
    // 26: a network a CPE bridges to stays.
    ...policiesInUseIssues(settings.policies, previous?.policies ?? [], bridgeUplinkUses(docs, devices)),
  ],
});
