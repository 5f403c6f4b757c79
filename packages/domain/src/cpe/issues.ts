/**
 * The §5 rules of a CPE bridge's settings (`bridge`), with their §8 codes. Paths are dotted:
 * `mgmtSsid`, `uplink.password`.
 */
import { type CodedIssue, IssueList } from '../config/ruleKit';
import { ERR } from '../errors/catalogue';
import type { DeviceModel } from '../models/types';
import { bandChannels, RADIO_BAND_LABELS } from '../rf/channels';
import { asciiNameIssue } from '../validation/text';
import { ssidIssue, wifiPasswordIssue } from '../validation/wifi';
import type { BridgeSettings } from './settings';

export interface BridgeRuleContext {
  /** The CPE's model: the uplink channel must be one of its bands. */
  model?: DeviceModel | null;
  /** SSIDs of the project's wireless policies: the management Wi-Fi may not take one (89). */
  policySsids?: readonly string[];
}

/**
 * Every broken rule of a CPE bridge: bridge name 1–32 printable ASCII, management Wi-Fi SSID and
 * password, the uplink's SSID and (when secured) password, and the SSID codes: the management SSID
 * equal to the uplink's — the same SSID twice on one device — 408; equal to a policy SSID of the
 * project 89 (see `wireless/ssidRules.ts`).
 */
export function bridgeSettingsIssues(s: BridgeSettings, ctx: BridgeRuleContext = {}): CodedIssue[] {
  const out = new IssueList();
  out.invalid('bridgeName', asciiNameIssue(s.bridgeName, 'Bridge name'));
  const mgmtBad = out.invalid('mgmtSsid', ssidIssue(s.mgmtSsid, 'Management SSID'));
  out.invalid('mgmtPassword', wifiPasswordIssue(s.mgmtPassword));
  if (!mgmtBad && ctx.policySsids?.includes(s.mgmtSsid)) {
    out.add(
      'mgmtSsid',
      ERR.SSID_EXISTS,
      `"${s.mgmtSsid}" already exists in this project as a wireless policy SSID; the management Wi-Fi needs its own name.`,
    );
  }
  const up = s.uplink;
  if (!up) return out.items;
  out.invalid('uplink.ssid', ssidIssue(up.ssid, 'Uplink SSID'));
  if (up.password !== '') out.invalid('uplink.password', wifiPasswordIssue(up.password));
  if (!mgmtBad && up.ssid === s.mgmtSsid) {
    out.add(
      'mgmtSsid',
      ERR.SSID_EXISTS_ON_DEVICE,
      `"${up.ssid}" is the uplink network this bridge joins; give the management Wi-Fi another name.`,
    );
  }
  const bands = ctx.model?.radios.map((r) => r.band) ?? [];
  if (bands.length > 0 && !bands.some((b) => bandChannels(b).includes(up.channel))) {
    out.invalid(
      'uplink.channel',
      `Channel ${up.channel} is not a ${bands.map((b) => RADIO_BAND_LABELS[b]).join(' or ')} channel of the ${ctx.model?.model}.`,
    );
  }
  return out.items;
}
