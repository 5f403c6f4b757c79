/**
 * The `bridge` settings kind of a CPE: its bridge name, the management Wi-Fi a person joins on
 * site and, in client mode, the uplink network it bridges to. The server adds the rule that needs
 * runtime state: the uplink must be a network of the device's latest Wi-Fi search (418).
 */
import { defineKind, deviceKindOf, reachTarget } from '../config/kind';
import type { CodedIssue } from '../config/ruleKit';
import { ERR, errorMessage } from '../errors/catalogue';
import { savedWireless } from '../wireless/settings';
import { policySsids } from '../wireless/ssidRules';
import { BRIDGE_DIFF } from './diff';
import { bridgeSettingsIssues } from './issues';
import { type BridgeSettings, bridgeSettingsSchema, defaultBridgeSettings } from './settings';

/** The `bridge` kind's definition (registered by the server's CPE feature). */
export const bridgeKind = defineKind<BridgeSettings, { bridge: typeof bridgeSettingsSchema }>('bridge', {
  schema: bridgeSettingsSchema,
  support: { kinds: ['cpe'], capability: 'cpeMode' },
  /** CPE bridges: bridge name, management Wi-Fi, uplink network (client mode). */
  sections: { bridge: bridgeSettingsSchema },
  diff: BRIDGE_DIFF,
  factory: ({ target }) => defaultBridgeSettings(target?.name ?? ''),
  reach: reachTarget,
  render: (settings, { device }) => (settings && deviceKindOf(device) === 'cpe' ? { bridge: settings } : {}),
  issues: (settings, { target, docs }) => {
    if (!target) return [];
    const policies = savedWireless(docs)?.policies ?? [];
    return bridgeSettingsIssues(settings, {
      model: target.model,
      // 89: the management Wi-Fi may not take a policy's network name.
      policySsids: policies.flatMap((p) => policySsids(p).map((x) => x.name)),
    });
  },
});

/**
 * Whether a bridge's uplink is one of `networks` (the device's latest Wi-Fi search: same BSSID,
 * SSID and channel), or the uplink already saved — code 418 otherwise.
 */
export function uplinkIssues(
  settings: BridgeSettings,
  previous: BridgeSettings | null,
  networks: readonly { bssid: string; ssid: string; channel: number }[],
): CodedIssue[] {
  const uplink = settings.uplink;
  if (!uplink) return [];
  const same = (n: { bssid: string; ssid: string; channel: number }) =>
    n.bssid.toLowerCase() === uplink.bssid.toLowerCase() &&
    n.ssid === uplink.ssid &&
    n.channel === uplink.channel;
  if (previous?.uplink && same(previous.uplink)) return [];
  if (networks.some(same)) return [];
  return [
    {
      path: 'uplink',
      code: ERR.UPLINK_WIFI_INCONSISTENT,
      message: errorMessage(ERR.UPLINK_WIFI_INCONSISTENT),
    },
  ];
}
