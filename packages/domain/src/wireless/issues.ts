/**
 * Every §5 rule of the wireless policies (`wireless` document) with its §8 code: the server refuses
 * a save with the first issue's code and lists all of them; the policy form shows the message of
 * the field being edited. Paths are dotted, e.g. `policies.2.ssid`, `policies.0.radius.ip`.
 * Project-wide rules (uniqueness, counts, devices) are in `wirelessSsidRules.ts`, which also says
 * which SSID-duplicate code fits which case; radio, RF and bridge rules in `wirelessRadioIssues.ts`.
 */

import { type CodedIssue, IssueList } from '../config/ruleKit';
import {
  isCipherAllowed,
  isSecurityAllowedOnBand,
  needsWifiPassword,
  SECURITY_MODE_LABELS,
  WIFI_BAND_LABELS,
} from '../enums/wifi';
import { ERR } from '../errors/catalogue';
import {
  MAX_CLIENTS_PER_BAND,
  MIN_CLIENTS_PER_BAND,
  RESERVED_POLICY_NAMES,
  VLAN_ANY_MIN,
  VLAN_ANY_MAX as VLAN_MAX,
} from '../limits';
import {
  bandSelectionIssue,
  bandSsidsIssue,
  keyUpdateIntervalIssue,
  radiusServerIssues,
  rateLimitIssue,
  ssidIssue,
  wifiPasswordIssue,
  wirelessPolicyNameIssue,
} from '../validation/wifi';
import {
  scheduleDatesIssues,
  scheduleGranularityIssue,
  shutdownScheduleIssue,
} from '../validation/wifiSchedule';
import type { WirelessPolicy, WirelessSettings } from './settings';
import {
  networkCountIssues,
  policyDeviceIssues,
  policyListIssues,
  radioSsidCountIssues,
  ssidUniquenessIssues,
  type WirelessRuleContext,
} from './ssidRules';

/** Every broken rule of the wireless policies, in policy order, then the project-wide rules. */
export function wirelessSettingsIssues(s: WirelessSettings, ctx: WirelessRuleContext): CodedIssue[] {
  const out = new IssueList();
  policyListIssues(s, out);
  for (const [i, p] of s.policies.entries()) {
    const path = `policies.${i}`;
    policyNameIssues(p, path, out);
    ssidFieldIssues(p, path, out);
    out.invalid(`${path}.bands`, bandSelectionIssue(p.bands));
    policyDeviceIssues(p, path, ctx, out);
    securityIssues(p, path, out);
    sixGhzIssues(p, path, out);
    out.invalid(`${path}.keyUpdateInterval`, keyUpdateIntervalIssue(p.keyUpdateInterval));
    maxClientsIssues(p, path, out);
    scheduleIssues(p, path, out);
    vlanIssues(p, path, ctx, out);
    rateLimitIssues(p, path, out);
  }
  ssidUniquenessIssues(s, ctx, out);
  networkCountIssues(s, out);
  radioSsidCountIssues(s, ctx, out);
  return out.items;
}

/**
 * The VLAN: 1–4094 (1127), and one of the project's VLANs (1108, the code the switch ports use for
 * a VLAN the project does not have) when the context lists them — a tag no gateway routes strands
 * the network's clients without an address.
 */
function vlanIssues(p: WirelessPolicy, path: string, ctx: WirelessRuleContext, out: IssueList): void {
  if (p.vlanId === null) return;
  if (p.vlanId < VLAN_ANY_MIN || p.vlanId > VLAN_MAX) {
    out.add(
      `${path}.vlanId`,
      ERR.VLAN_POLICY_ID_OUT_OF_RANGE,
      `VLAN ID must be from ${VLAN_ANY_MIN} to ${VLAN_MAX} (or empty for untagged).`,
    );
  } else if (ctx.projectVlans && !ctx.projectVlans.includes(p.vlanId)) {
    out.add(
      `${path}.vlanId`,
      ERR.VLAN_NOT_FOUND,
      `VLAN ${p.vlanId} does not exist in this project: choose one of the VLANs of the network settings, or Untagged.`,
    );
  }
}

/** Wi-Fi 6E: on 6 GHz only WPA3-SAE (420), said on the security mode the user picks. */
function sixGhzIssues(p: WirelessPolicy, path: string, out: IssueList): void {
  if (!p.bands.includes('6G') || isSecurityAllowedOnBand(p.security, '6G')) return;
  out.add(
    `${path}.security`,
    ERR.SIX_GHZ_NEEDS_WPA3,
    `6 GHz (Wi-Fi 6E) allows only WPA3-SAE: ${SECURITY_MODE_LABELS[p.security]} cannot be broadcast there. Choose WPA3-SAE or untick 6 GHz.`,
  );
}

/** The shutdown schedule's periods, its time granularity and its date range (400 each). */
function scheduleIssues(p: WirelessPolicy, path: string, out: IssueList): void {
  if (!out.invalid(`${path}.schedule`, shutdownScheduleIssue(p.schedule)))
    out.invalid(
      `${path}.scheduleGranularity`,
      scheduleGranularityIssue(p.schedule, p.scheduleGranularity ?? 1),
    );
  const dates = { from: p.scheduleFrom ?? '', until: p.scheduleUntil ?? '' };
  for (const { field, message } of scheduleDatesIssues(dates, p.schedule))
    out.invalid(`${path}.${field === 'from' ? 'scheduleFrom' : 'scheduleUntil'}`, message);
}

/** Policy name: 1–32 printable ASCII bytes (400), not a reserved system name (72). */
function policyNameIssues(p: WirelessPolicy, path: string, out: IssueList): void {
  const reserved = (RESERVED_POLICY_NAMES as readonly string[]).includes(p.name);
  const issue = wirelessPolicyNameIssue(p.name);
  if (reserved) out.add(`${path}.name`, ERR.POLICY_NAME_RESERVED, issue);
  else out.invalid(`${path}.name`, issue);
}

/** SSID and the optional 5 GHz name: 1–32 printable ASCII bytes (400); the two differ (92). */
function ssidFieldIssues(p: WirelessPolicy, path: string, out: IssueList): void {
  out.invalid(`${path}.ssid`, ssidIssue(p.ssid));
  if (p.ssid5 === '') return;
  if (out.invalid(`${path}.ssid5`, ssidIssue(p.ssid5, '5 GHz SSID'))) return;
  const same = bandSsidsIssue(p.ssid, p.ssid5);
  if (same) {
    out.add(
      `${path}.ssid5`,
      ERR.SSID_SAME_ON_BOTH_BANDS,
      `${same} Leave the 5 GHz SSID empty to use one name on both bands.`,
    );
  }
}

/** Cipher per the §3 cipher rule; password for PSK/SAE modes; RADIUS server for enterprise modes. */
function securityIssues(p: WirelessPolicy, path: string, out: IssueList): void {
  if (!isCipherAllowed(p.security, p.cipher)) {
    let message: string;
    if (p.security === 'none') message = 'An open network (no security) has no cipher.';
    else if (p.cipher === null) message = `Choose a cipher for ${p.security}.`;
    else if (p.security === 'WPA-PSK') message = 'WPA-PSK allows the AES or TKIP cipher only.';
    else message = `${p.security} does not allow the ${p.cipher} cipher.`;
    out.invalid(`${path}.cipher`, message);
  }
  if (needsWifiPassword(p.security)) {
    out.invalid(`${path}.password`, wifiPasswordIssue(p.password));
  } else if (p.security === 'WPA' || p.security === 'WPA2') {
    if (!p.radius) {
      out.invalid(`${path}.radius`, `${p.security} Enterprise needs a RADIUS server.`);
      return;
    }
    for (const [field, message] of radiusServerIssues(p.radius))
      out.invalid(`${path}.radius.${field}`, message);
  }
}

/**
 * Maximum clients of each selected band, 1–128. Above 128 the §8 code of the band: 91 for
 * 2.4 GHz and its alternate 2004 for 5 GHz (the catalogue has two codes for one limit; one per band
 * lets a client tell which field failed). Below 1: 400.
 */
function maxClientsIssues(p: WirelessPolicy, path: string, out: IssueList): void {
  for (const band of p.bands) {
    const n = p.maxClients[band] ?? Number.NaN;
    const at = `${path}.maxClients.${band}`;
    const label = WIFI_BAND_LABELS[band];
    if (n > MAX_CLIENTS_PER_BAND) {
      // 6 GHz shares 5 GHz's alternate code (the catalogue predates it).
      const code = band === '2.4G' ? ERR.MAX_CLIENTS_PER_BAND : ERR.MAX_CLIENTS_PER_BAND_ALT;
      out.add(at, code, `Maximum clients on ${label} must be at most ${MAX_CLIENTS_PER_BAND}.`);
    } else if (!(n >= MIN_CLIENTS_PER_BAND)) {
      out.invalid(
        at,
        `Maximum clients on ${label} must be from ${MIN_CLIENTS_PER_BAND} to ${MAX_CLIENTS_PER_BAND}.`,
      );
    }
  }
}

/** A rate limit that is on needs a rate in at least one direction; each given rate is above 0. */
function rateLimitIssues(p: WirelessPolicy, path: string, out: IssueList): void {
  const { enabled, downKbps, upKbps } = p.rateLimit;
  if (!enabled) return;
  if (downKbps === null && upKbps === null) {
    out.invalid(`${path}.rateLimit.downKbps`, rateLimitIssue(true, null));
    return;
  }
  if (downKbps !== null)
    out.invalid(`${path}.rateLimit.downKbps`, rateLimitIssue(true, downKbps, 'Download limit'));
  if (upKbps !== null) out.invalid(`${path}.rateLimit.upKbps`, rateLimitIssue(true, upKbps, 'Upload limit'));
}
