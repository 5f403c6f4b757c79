/**
 * The §5 rules of the per-device radio settings (`radio`) and the project's RF optimisation and
 * roaming settings (`rf`), with their §8 codes. Paths are dotted: `radios.1.channel`,
 * `roaming.roamThreshold`.
 */

import { type CodedIssue, IssueList } from '../config/ruleKit';
import { ROAM_THRESHOLD_MAX_DB, ROAM_THRESHOLD_MIN_DB } from '../limits';
import type { DeviceModel } from '../models/types';
import { type IntegerRule, integerIssue } from '../validation/rule';
import { accessThresholdIssue, signalThresholdIssue, transmitPowerIssue } from '../validation/wifi';
import { bandChannels, channelsFor, RADIO_BAND_LABELS, widthsFor } from './channels';
import type { DeviceRadioSettings, RfSettings } from './settings';

/** A client roams only to an AP at least this many dB stronger: a whole number 0–30 dB. */
export const ROAM_THRESHOLD_RULE: IntegerRule = {
  label: 'Roaming threshold',
  min: ROAM_THRESHOLD_MIN_DB,
  max: ROAM_THRESHOLD_MAX_DB,
  unit: 'dB',
};

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
