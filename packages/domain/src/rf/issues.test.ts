import { describe, expect, it } from 'vitest';
import type { CodedIssue } from '../config/ruleKit';
import { ERR } from '../errors/catalogue';
import { findModel } from '../models/catalogue';
import type { DeviceModel } from '../models/types';
import { channelsFor, widthsFor } from './channels';
import { radioSettingsIssues, rfSettingsIssues } from './issues';
import { type DeviceRadioSettings, defaultRfSettings, type RfSettings } from './settings';

const A1200C = findModel('NL-A1200C') as DeviceModel; // 2.4 n 20 dBm, 5 ac 23 dBm
const A5400T = findModel('NL-A5400T') as DeviceModel; // 2.4/5/6 ax
const I = ERR.INVALID_PARAMETERS;
const codes = (issues: readonly CodedIssue[]) => issues.map((i) => `${i.code} ${i.path}`);

describe('rfSettingsIssues', () => {
  const CASES_RF: [string, (s: RfSettings) => void, string][] = [
    ['access threshold -91', (s) => Object.assign(s, { accessThreshold: -91 }), 'accessThreshold'],
    ['access threshold -59', (s) => Object.assign(s, { accessThreshold: -59 }), 'accessThreshold'],
    [
      '2.4 GHz signal threshold -95',
      (s) => Object.assign(s.roaming, { signalThreshold24: -95 }),
      'roaming.signalThreshold24',
    ],
    [
      '5 GHz signal threshold -50',
      (s) => Object.assign(s.roaming, { signalThreshold5: -50 }),
      'roaming.signalThreshold5',
    ],
    ['roam threshold 31', (s) => Object.assign(s.roaming, { roamThreshold: 31 }), 'roaming.roamThreshold'],
    ['roam threshold -1', (s) => Object.assign(s.roaming, { roamThreshold: -1 }), 'roaming.roamThreshold'],
    ['roam threshold 2.5', (s) => Object.assign(s.roaming, { roamThreshold: 2.5 }), 'roaming.roamThreshold'],
    ['auto without days', (s) => Object.assign(s, { auto: true, autoDays: [] }), 'autoDays'],
    ['a day twice', (s) => Object.assign(s, { autoDays: [1, 1] }), 'autoDays'],
    ['time 24:00', (s) => Object.assign(s, { autoTime: '24:00' }), 'autoTime'],
    ['time 12:60', (s) => Object.assign(s, { autoTime: '12:60' }), 'autoTime'],
  ];
  it('accepts the defaults and the range edges', () => {
    expect(rfSettingsIssues(defaultRfSettings())).toEqual([]);
    const s = defaultRfSettings();
    Object.assign(s, { auto: true, autoDays: [6], autoTime: '23:59', accessThreshold: -60 });
    Object.assign(s.roaming, { signalThreshold24: -90, signalThreshold5: -60, roamThreshold: 0 });
    expect(rfSettingsIssues(s)).toEqual([]);
    s.roaming.roamThreshold = 30;
    expect(rfSettingsIssues(s)).toEqual([]);
    expect(rfSettingsIssues({ ...s, auto: false, autoDays: [] })).toEqual([]);
  });
  it.each(CASES_RF)('%s', (_name, mutate, path) => {
    const s = defaultRfSettings();
    mutate(s);
    expect(codes(rfSettingsIssues(s))).toEqual([`${I} ${path}`]);
  });
});

describe('radioSettingsIssues', () => {
  const valid = (): DeviceRadioSettings => ({
    radios: [
      { band: '2.4G', enabled: true, channel: 6, width: 20, txPower: 20 },
      { band: '5G', enabled: true, channel: 36, width: 80, txPower: 0 },
    ],
  });
  const r = (s: DeviceRadioSettings, i: number) => s.radios[i] as DeviceRadioSettings['radios'][number];
  const CASES_RADIO: [string, (s: DeviceRadioSettings) => void, string, DeviceModel?][] = [
    [
      'a 6 GHz radio on a dual-band AP',
      (s) => s.radios.push({ band: '6G', enabled: true, channel: 0, width: 20, txPower: 0 }),
      'radios.2.band',
    ],
    ['a band twice', (s) => s.radios.push({ ...r(s, 0) }), 'radios.2.band'],
    ['2.4 GHz at 80 MHz', (s) => Object.assign(r(s, 0), { width: 80 }), 'radios.0.width'],
    ['802.11ac 5 GHz at 160 MHz', (s) => Object.assign(r(s, 1), { width: 160 }), 'radios.1.width'],
    ['2.4 GHz channel 14', (s) => Object.assign(r(s, 0), { channel: 14 }), 'radios.0.channel'],
    [
      '2.4 GHz channel 11 at 40 MHz',
      (s) => Object.assign(r(s, 0), { channel: 11, width: 40 }),
      'radios.0.channel',
    ],
    ['5 GHz channel 38', (s) => Object.assign(r(s, 1), { channel: 38 }), 'radios.1.channel'],
    [
      '5 GHz channel 165 at 40 MHz',
      (s) => Object.assign(r(s, 1), { channel: 165, width: 40 }),
      'radios.1.channel',
    ],
    [
      '5 GHz channel 149 at 160 MHz on ax',
      (s) => Object.assign(r(s, 1), { channel: 149, width: 160 }),
      'radios.1.channel',
      A5400T,
    ],
    ['power 7', (s) => Object.assign(r(s, 0), { txPower: 7 }), 'radios.0.txPower'],
    [
      'power above the model (21 on a 20 dBm radio)',
      (s) => Object.assign(r(s, 0), { txPower: 21 }),
      'radios.0.txPower',
    ],
  ];
  it('accepts valid radios, automatic channel and power', () => {
    expect(radioSettingsIssues(valid(), { model: A1200C })).toEqual([]);
    const s = valid();
    Object.assign(r(s, 0), { channel: 0, width: 40, txPower: 8 });
    Object.assign(r(s, 1), { channel: 144, width: 80, txPower: 23 });
    expect(radioSettingsIssues(s, { model: A1200C })).toEqual([]);
    s.radios.push({ band: '6G', enabled: true, channel: 229, width: 160, txPower: 0 });
    Object.assign(r(s, 1), { channel: 100, width: 160 });
    expect(codes(radioSettingsIssues(s, { model: A5400T }))).toEqual([`${I} radios.2.channel`]);
    Object.assign(r(s, 2), { channel: 193 });
    expect(radioSettingsIssues(s, { model: A5400T })).toEqual([]);
  });
  it.each(CASES_RADIO)('%s', (_name, mutate, path, model) => {
    const s = valid();
    mutate(s);
    expect(codes(radioSettingsIssues(s, { model: model ?? A1200C }))).toEqual([`${I} ${path}`]);
  });
  it('offers channel lists and widths per band and standard', () => {
    expect(channelsFor('2.4G', 20)).toHaveLength(13);
    expect(channelsFor('2.4G', 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(channelsFor('5G', 20)).toContain(165);
    expect(channelsFor('5G', 40)).not.toContain(165);
    expect(channelsFor('5G', 160)).toEqual([
      36, 40, 44, 48, 52, 56, 60, 64, 100, 104, 108, 112, 116, 120, 124, 128,
    ]);
    expect(channelsFor('6G', 160)).not.toContain(233);
    expect(widthsFor('5G', 'n')).toEqual([20, 40]);
    expect(widthsFor('5G', 'ax')).toEqual([20, 40, 80, 160]);
    expect(widthsFor('6G', 'ac')).toEqual([]);
  });
});
