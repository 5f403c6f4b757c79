/**
 * Code 26 "wireless policy in use": a policy whose network a CPE bridge uses as its uplink cannot
 * be deleted, switched off or have that network renamed — the bridge (and everything behind it)
 * would lose its link. Change the bridge's uplink first. Pure, so the policy form shows it before
 * a delete or a rename and the server refuses the save with the same message.
 */
import type { ProjectDocuments } from '../config/kind';
import type { CodedIssue } from '../config/ruleKit';
import { savedBridges } from '../cpe/settings';
import { ERR } from '../errors/catalogue';
import type { WirelessPolicy } from './settings';
import { policySsids } from './ssidRules';

/** A CPE bridge's saved uplink, by the network name it bridges to. */
export interface BridgeUplinkUse {
  deviceId: number;
  /** The CPE's name (for the message). */
  name: string;
  uplinkSsid: string;
}

/** The saved bridge uplinks of the project's CPEs (the users code 26 protects). */
export function bridgeUplinkUses(
  docs: ProjectDocuments,
  devices: readonly { deviceId: number; name: string }[],
): BridgeUplinkUse[] {
  const names = new Map(devices.map((d) => [d.deviceId, d.name]));
  return [...savedBridges(docs)].flatMap(([deviceId, b]) =>
    b.uplink ? [{ deviceId, name: names.get(deviceId) ?? '', uplinkSsid: b.uplink.ssid }] : [],
  );
}

/** SSIDs of the project outside the policies: the CPEs' management Wi-Fi (code 89). */
export function otherProjectSsids(
  docs: ProjectDocuments,
  devices: readonly { deviceId: number; name: string }[],
): { ssid: string; owner: string }[] {
  const names = new Map(devices.map((d) => [d.deviceId, d.name]));
  return [...savedBridges(docs)].flatMap(([deviceId, b]) =>
    b.mgmtSsid
      ? [{ ssid: b.mgmtSsid, owner: `the management Wi-Fi of CPE "${names.get(deviceId) ?? deviceId}"` }]
      : [],
  );
}

/** The bridges whose uplink is one of `policy`'s networks (a disabled policy broadcasts none). */
export function policyUplinkUsers(
  policy: WirelessPolicy,
  uplinks: readonly BridgeUplinkUse[],
): BridgeUplinkUse[] {
  if (!policy.enabled) return [];
  const ssids = new Set(policySsids(policy).map((x) => x.name));
  return uplinks.filter((u) => ssids.has(u.uplinkSsid));
}

function cpeLabel(u: BridgeUplinkUse): string {
  return `CPE "${u.name || u.deviceId}"`;
}

/** The message the form shows on a delete of a policy in use (null when it is not in use). */
export function policyDeleteIssue(
  policy: WirelessPolicy,
  uplinks: readonly BridgeUplinkUse[],
): string | null {
  const user = policyUplinkUsers(policy, uplinks)[0];
  return user
    ? `Policy "${policy.name}" is the uplink network of ${cpeLabel(user)}: change that bridge's uplink before deleting it.`
    : null;
}

/**
 * 26 for every saved, enabled policy a bridge bridges to that `policies` deletes, switches off or
 * renames the used network of. `previous` is the saved list (empty when never saved).
 */
export function policiesInUseIssues(
  policies: readonly WirelessPolicy[],
  previous: readonly WirelessPolicy[],
  uplinks: readonly BridgeUplinkUse[],
): CodedIssue[] {
  const out: CodedIssue[] = [];
  for (const old of previous) {
    const users = policyUplinkUsers(old, uplinks);
    if (users.length === 0) continue;
    const index = policies.findIndex((p) => p.key === old.key);
    const now = policies[index];
    const at = (field: string) => (index >= 0 ? `policies.${index}.${field}` : 'policies');
    if (!now?.enabled) {
      const user = users[0] as BridgeUplinkUse;
      out.push({
        path: now ? at('enabled') : 'policies',
        code: ERR.POLICY_IN_USE,
        message: `Policy "${old.name}" is the uplink network of ${cpeLabel(user)}: change that bridge's uplink before ${now ? 'switching it off' : 'deleting it'}.`,
      });
      continue;
    }
    const kept = new Set(policySsids(now).map((x) => x.name));
    const lost = users.find((u) => !kept.has(u.uplinkSsid));
    if (!lost) continue;
    const field = policySsids(old).find((x) => x.name === lost.uplinkSsid)?.field ?? 'ssid';
    out.push({
      path: at(field),
      code: ERR.POLICY_IN_USE,
      message: `"${lost.uplinkSsid}" is the uplink network of ${cpeLabel(lost)}: change that bridge's uplink before renaming it.`,
    });
  }
  return out;
}
