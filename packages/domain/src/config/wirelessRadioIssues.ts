/**
 * The §5 rules of the per-device radio settings (`radio`), the project's RF optimisation and
 * roaming settings (`rf`) and a CPE bridge's settings (`bridge`), with their §8 codes. Paths are
 * dotted: `radios.1.channel`, `roaming.roamThreshold`, `uplink.password`.
 */
import { ERR } from '../errors/catalogue';
import type { DeviceModel } from '../models/types';
import { type IntegerRule, integerIssue } from '../validation/rule';
import { asciiNameIssue } from '../validation/text';
import {
  accessThresholdIssue,
  signalThresholdIssue,
  ssidIssue,
  transmitPowerIssue,
  wifiPasswordIssue,
} from '../validation/wifi';
import type { CodedIssue } from './issues';
import { IssueList } from './ruleKit';
import type { BridgeSettings, DeviceRadioSettings, RfSettings } from './wireless';
import { bandChannels, channelsFor, RADIO_BAND_LABELS, widthsFor } from './wirelessChannels';

/** A client roams only to an AP at least this many dB stronger: a whole number 0–30 dB. */
export const ROAM_THRESHOLD_RULE: IntegerRule = { label: 'Roaming threshold', min: 0, max: 30, unit: 'dB' };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Every broken rule of the RF optimisation and roaming settings. */
export function rfSettingsIssues(s: RfSettings): CodedIssue[] {
  const out = new IssueList();
  if (s.auto && s.autoDays.length === 0) {
    out.invalid('autoDays', 'Choose at least one day for automatic optimisation.');
  }
  const days = new Set<number>();
  for (const d of s.autoDays) {
    if (days.has(d)) out.invalid('autoDays', `${DAY_NAMES[d] ?? `Day ${d}`} is chosen twice.`);
    days.add(d);
  }
  if (!TIME.test(s.autoTime)) out.invalid('autoTime', 'Time must be HH:MM from 00:00 to 23:59.');
  out.invalid('accessThreshold', accessThresholdIssue(s.accessThreshold));
  out.invalid('roaming.signalThreshold24', signalThresholdIssue(s.roaming.signalThreshold24));
  out.invalid('roaming.signalThreshold5', signalThresholdIssue(s.roaming.signalThreshold5));
  out.invalid('roaming.roamThreshold', integerIssue(s.roaming.roamThreshold, ROAM_THRESHOLD_RULE));
  return out.items;
}

export interface RadioRuleContext {
  /** The device's model: which radios it has, their standard and highest transmit power. */
  model: DeviceModel;
}

/** Every broken rule of one device's radios: band on the model, channel, width, power. */
export function radioSettingsIssues(s: DeviceRadioSettings, ctx: RadioRuleContext): CodedIssue[] {
  const out = new IssueList();
  const seen = new Set<string>();
  for (const [i, r] of s.radios.entries()) {
    const p = `radios.${i}`;
    const label = RADIO_BAND_LABELS[r.band];
    const spec = ctx.model.radios.find((x) => x.band === r.band);
    if (!spec) {
      out.invalid(`${p}.band`, `The ${ctx.model.model} has no ${label} radio.`);
      continue;
    }
    if (seen.has(r.band)) {
      out.invalid(`${p}.band`, `The ${label} radio is listed twice.`);
      continue;
    }
    seen.add(r.band);
    const widths = widthsFor(r.band, spec.standard);
    if (!widths.includes(r.width)) {
      out.invalid(
        `${p}.width`,
        `The ${label} radio of the ${ctx.model.model} supports ${widths.join('/')} MHz channels.`,
      );
    } else if (r.channel !== 0 && !channelsFor(r.band, r.width).includes(r.channel)) {
      const message = bandChannels(r.band).includes(r.channel)
        ? `Channel ${r.channel} cannot be used at ${r.width} MHz: its bonded channels do not all exist. Choose another channel, a narrower width or Auto.`
        : `Channel ${r.channel} is not a ${label} channel. Choose one of ${channelRange(r.band)} or Auto.`;
      out.invalid(`${p}.channel`, message);
    }
    if (r.txPower !== 0) {
      const issue = transmitPowerIssue(r.txPower);
      if (issue) out.invalid(`${p}.txPower`, `${issue} Use 0 for automatic.`);
      else if (r.txPower > spec.maxTxPowerDbm) {
        out.invalid(
          `${p}.txPower`,
          `The ${label} radio of the ${ctx.model.model} transmits at most ${spec.maxTxPowerDbm} dBm.`,
        );
      }
    }
  }
  return out.items;
}

function channelRange(band: DeviceRadioSettings['radios'][number]['band']): string {
  if (band === '2.4G') return '1–13';
  return band === '5G' ? '36–165' : '1–233 (every fourth)';
}

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
 * project 89 (see `wirelessSsidRules.ts`).
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
