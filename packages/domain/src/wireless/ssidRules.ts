/**
 * The project-wide rules of the wireless policies: names and SSIDs unique, network counts, which
 * devices a policy may name and how many SSIDs each radio ends up with. Used by
 * `wirelessSettingsIssues`; the per-field rules of one policy are in `wirelessIssues.ts`.
 *
 * SSID duplicates — which §8 code fits which case (SSIDs compare case-sensitively, as 802.11 does;
 * a policy's names are its `ssid` and, when 5 GHz is one of its bands, its `ssid5`; disabled
 * policies count, since turning one on must not need a rename):
 * - 92  one policy names its 5 GHz network the same as its 2.4 GHz one (`ssid5` = `ssid`);
 * - 135 a policy takes an SSID another policy already had in the saved version (the newcomer is
 *       refused, the saved owner keeps it);
 * - 2008 two policies take the same SSID and neither had it in the saved version: the duplicate is
 *       in this request only (the second one is refused);
 * - 89  a policy takes an SSID that exists in the project outside the policies (a CPE bridge's
 *       management Wi-Fi, `otherSsids`); `bridgeSettingsIssues` refuses the reverse with 89 too;
 * - 408 one device's own settings name the same SSID twice (a CPE's management Wi-Fi equal to the
 *       uplink it bridges to, `bridgeSettingsIssues`). Policies never produce it: they are unique by
 *       name project-wide, so no radio receives one SSID twice.
 *
 * Network counts (2003 all-device, 2005 specified-device, 2006 guest, 2007 per radio) count enabled
 * policies only: the limits exist because each network costs a BSSID on the air, and a disabled
 * policy broadcasts nothing (`renderSsids` skips it). The policy count (40) counts every policy.
 */

import type { IssueList } from '../config/ruleKit';
import { WIFI_BAND_LABELS, type WifiBand } from '../enums/wifi';
import { ERR } from '../errors/catalogue';
import {
  MAX_ALL_DEVICE_NETWORKS,
  MAX_GUEST_NETWORKS,
  MAX_SPECIFIED_DEVICE_NETWORKS,
  MAX_SSIDS_PER_RADIO,
  MAX_WIRELESS_POLICIES,
} from '../limits';
import { ssidIssue } from '../validation/wifi';
import { WIFI_POLICY_KINDS, type WirelessPolicy, type WirelessSettings } from './settings';

/** A device of the project as the wireless rules see it. */
export interface WirelessRuleDevice {
  id: number;
  /** Model kind (`ap`, `wrouter`, `mesh`, `cpe`…): only `WIFI_POLICY_KINDS` broadcast policies. */
  kind: string;
  /** Radio bands of its model (`2.4G`, `5G`, `6G`). */
  bands: readonly string[];
  name: string;
  /**
   * A secondary mesh node: it broadcasts its primary node's networks and is never configured
   * itself (§6), so a policy cannot name it (912).
   */
  secondary?: boolean;
}

export interface WirelessRuleContext {
  /** Devices of the project (to check `deviceIds` and count SSIDs per radio). */
  devices: readonly WirelessRuleDevice[];
  /** The settings saved before (null = never saved): tells 135 (taken before) from 2008 (this request). */
  previous: WirelessSettings | null;
  /**
   * SSIDs the project already uses outside the policies (code 89), with who uses them, e.g.
   * `{ ssid: 'roof-mgmt', owner: 'the management Wi-Fi of CPE "Roof"' }`.
   */
  otherSsids?: readonly { ssid: string; owner: string }[];
  /**
   * VLAN ids of the project (the network settings' VLANs) a policy may tag its traffic with (1108
   * for another); absent = not checked (a caller without the project's network settings).
   */
  projectVlans?: readonly number[];
}

/** One network name of a policy and the field it is in. */
interface PolicySsid {
  field: 'ssid' | 'ssid5';
  name: string;
}

/** The names a policy broadcasts (or will, once enabled): `ssid`, and `ssid5` when 5 GHz is on. */
export function policySsids(p: WirelessPolicy): PolicySsid[] {
  const out: PolicySsid[] = [{ field: 'ssid', name: p.ssid }];
  if (p.ssid5 !== '' && p.ssid5 !== p.ssid && p.bands.includes('5G'))
    out.push({ field: 'ssid5', name: p.ssid5 });
  return out;
}

function policyLabel(p: WirelessPolicy): string {
  return p.name ? `policy "${p.name}"` : 'another policy';
}

/** Policy count (40), keys unique (400), names unique case-insensitively (24). */
export function policyListIssues(s: WirelessSettings, out: IssueList): void {
  if (s.policies.length > MAX_WIRELESS_POLICIES) {
    out.add(
      'policies',
      ERR.POLICY_LIMIT,
      `At most ${MAX_WIRELESS_POLICIES} wireless policies can be created (${s.policies.length} given).`,
    );
  }
  const keys = new Set<string>();
  const names = new Set<string>();
  for (const [i, p] of s.policies.entries()) {
    if (keys.has(p.key)) out.invalid(`policies.${i}.key`, `Policy key "${p.key}" is used twice.`);
    keys.add(p.key);
    const name = p.name.toLowerCase();
    if (p.name !== '' && names.has(name)) {
      out.add(`policies.${i}.name`, ERR.POLICY_NAME_EXISTS, `Policy name "${p.name}" is already used.`);
    }
    names.add(name);
  }
}

/** SSIDs unique across the project (92 is checked per policy; 135, 2008, 89 here). */
export function ssidUniquenessIssues(s: WirelessSettings, ctx: WirelessRuleContext, out: IssueList): void {
  const saved = new Map<string, Set<string>>();
  for (const p of ctx.previous?.policies ?? []) saved.set(p.key, new Set(policySsids(p).map((n) => n.name)));
  const owners = new Map<string, { index: number; field: string; saved: boolean }>();
  const others = new Map((ctx.otherSsids ?? []).map((o) => [o.ssid, o.owner]));
  for (const [i, p] of s.policies.entries()) {
    for (const { field, name } of policySsids(p)) {
      if (ssidIssue(name) !== null) continue;
      const path = `policies.${i}.${field}`;
      const other = others.get(name);
      if (other !== undefined) {
        out.add(path, ERR.SSID_EXISTS, `"${name}" already exists in this project: it is ${other}.`);
        continue;
      }
      const isSaved = saved.get(p.key)?.has(name) ?? false;
      const first = owners.get(name);
      if (!first) {
        owners.set(name, { index: i, field, saved: isSaved });
        continue;
      }
      const firstPolicy = s.policies[first.index] as WirelessPolicy;
      if (!first.saved && !isSaved) {
        out.add(
          path,
          ERR.SSID_DUPLICATE_IN_REQUEST,
          `"${name}" is given twice: ${policyLabel(firstPolicy)} uses it too. Each network needs its own SSID.`,
        );
      } else if (!first.saved) {
        // The saved owner is this policy: the earlier one in the list is the newcomer.
        out.add(
          `policies.${first.index}.${first.field}`,
          ERR.SSID_USED_BY_POLICY,
          `"${name}" is already used by ${policyLabel(p)}.`,
        );
        owners.set(name, { index: i, field, saved: true });
      } else {
        out.add(path, ERR.SSID_USED_BY_POLICY, `"${name}" is already used by ${policyLabel(firstPolicy)}.`);
      }
    }
  }
}

/** Enabled all-device (2003), specified-device (2005) and guest (2006) networks within their limits. */
export function networkCountIssues(s: WirelessSettings, out: IssueList): void {
  let all = 0;
  let specified = 0;
  let guest = 0;
  for (const [i, p] of s.policies.entries()) {
    if (!p.enabled) continue;
    const path = `policies.${i}`;
    if (p.scope === 'all' && ++all === MAX_ALL_DEVICE_NETWORKS + 1) {
      out.add(
        `${path}.scope`,
        ERR.ALL_DEVICE_NETWORK_LIMIT,
        `At most ${MAX_ALL_DEVICE_NETWORKS} enabled networks can apply to all devices: choose devices for this one or turn another off.`,
      );
    }
    if (p.scope === 'devices' && ++specified === MAX_SPECIFIED_DEVICE_NETWORKS + 1) {
      out.add(
        `${path}.scope`,
        ERR.SPECIFIED_DEVICE_NETWORK_LIMIT,
        `At most ${MAX_SPECIFIED_DEVICE_NETWORKS} enabled networks can apply to specified devices.`,
      );
    }
    if (p.guest && ++guest === MAX_GUEST_NETWORKS + 1) {
      out.add(
        `${path}.guest`,
        ERR.GUEST_NETWORK_LIMIT,
        `Only ${MAX_GUEST_NETWORKS} enabled guest network is allowed; policy "${guestName(s)}" is already one.`,
      );
    }
  }
}

function guestName(s: WirelessSettings): string {
  return s.policies.find((p) => p.enabled && p.guest)?.name ?? '';
}

function broadcastsPolicies(d: WirelessRuleDevice): boolean {
  return (WIFI_POLICY_KINDS as readonly string[]).includes(d.kind) && d.bands.length > 0;
}

/** A policy for specified devices: at least one, each a device of the project that broadcasts it. */
export function policyDeviceIssues(
  p: WirelessPolicy,
  path: string,
  ctx: WirelessRuleContext,
  out: IssueList,
) {
  if (p.scope !== 'devices') return;
  const at = `${path}.deviceIds`;
  if (p.deviceIds.length === 0) {
    out.invalid(at, 'Select at least one device for a network on specified devices.');
    return;
  }
  const seen = new Set<number>();
  for (const id of p.deviceIds) {
    if (seen.has(id)) {
      out.invalid(at, `Device ${id} is selected twice.`);
      continue;
    }
    seen.add(id);
    const d = ctx.devices.find((x) => x.id === id);
    if (!d) {
      out.add(at, ERR.DEVICE_NOT_FOUND, `Device ${id} is not in this project.`);
    } else if (d.secondary) {
      out.add(
        at,
        ERR.SECONDARY_MESH_NODE,
        `"${d.name}" is a secondary mesh node: it broadcasts the networks of its primary node and cannot be chosen.`,
      );
    } else if (!broadcastsPolicies(d)) {
      out.add(at, ERR.DEVICE_OPERATION_UNSUPPORTED, `"${d.name}" does not broadcast Wi-Fi networks.`);
    } else if (p.bands.length > 0 && !p.bands.some((b) => d.bands.includes(b))) {
      const bands = p.bands.map((b) => WIFI_BAND_LABELS[b]).join(' or ');
      out.invalid(at, `"${d.name}" has no ${bands} radio, so it would not broadcast this network.`);
    }
  }
}

/** Per device and band, the enabled networks it receives within `MAX_SSIDS_PER_RADIO` (2007). */
export function radioSsidCountIssues(s: WirelessSettings, ctx: WirelessRuleContext, out: IssueList): void {
  for (const d of ctx.devices) {
    if (!broadcastsPolicies(d) || d.secondary) continue;
    for (const band of d.bands) {
      const applying = s.policies.flatMap((p, i) =>
        p.enabled && p.bands.includes(band as WifiBand) && (p.scope === 'all' || p.deviceIds.includes(d.id))
          ? [i]
          : [],
      );
      const over = applying[MAX_SSIDS_PER_RADIO];
      if (over === undefined) continue;
      const p = s.policies[over] as WirelessPolicy;
      out.add(
        `policies.${over}.${p.scope === 'all' ? 'scope' : 'deviceIds'}`,
        ERR.DEVICE_NETWORK_LIMIT,
        `"${d.name}" would broadcast ${applying.length} networks on ${WIFI_BAND_LABELS[band as WifiBand]}; a radio broadcasts at most ${MAX_SSIDS_PER_RADIO}.`,
      );
      break;
    }
  }
}
