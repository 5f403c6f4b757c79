import { describe, expect, it } from 'vitest';
import type { CodedIssue } from '../config/ruleKit';
import { ERR } from '../errors/catalogue';
import { findModel } from '../models/catalogue';
import type { DeviceModel } from '../models/types';
import { bridgeSettingsIssues } from './issues';
import type { BridgeSettings } from './settings';

const C5 = findModel('NL-C5') as DeviceModel;
const I = ERR.INVALID_PARAMETERS;
const codes = (issues: readonly CodedIssue[]) => issues.map((i) => `${i.code} ${i.path}`);

describe('bridgeSettingsIssues', () => {
  const valid = (): BridgeSettings => ({
    bridgeName: 'Roof bridge',
    mgmtSsid: 'roof-mgmt',
    mgmtPassword: 'manage-me-1',
    uplink: { ssid: 'Backhaul', bssid: '02:00:00:00:00:01', channel: 149, password: 'backhaul-key' },
  });
  const CASES_BRIDGE: [string, (s: BridgeSettings) => void, string, number?][] = [
    ['empty bridge name', (s) => Object.assign(s, { bridgeName: '' }), 'bridgeName'],
    ['bridge name of 33', (s) => Object.assign(s, { bridgeName: 'b'.repeat(33) }), 'bridgeName'],
    ['management SSID with an emoticon', (s) => Object.assign(s, { mgmtSsid: 'roof 😀' }), 'mgmtSsid'],
    ['management password of 7', (s) => Object.assign(s, { mgmtPassword: 'short12' }), 'mgmtPassword'],
    ['empty management password', (s) => Object.assign(s, { mgmtPassword: '' }), 'mgmtPassword'],
    ['uplink SSID empty', (s) => Object.assign(s.uplink ?? {}, { ssid: '' }), 'uplink.ssid'],
    ['uplink password of 5', (s) => Object.assign(s.uplink ?? {}, { password: 'abcde' }), 'uplink.password'],
    [
      'uplink on a 2.4 GHz channel of a 5 GHz CPE',
      (s) => Object.assign(s.uplink ?? {}, { channel: 6 }),
      'uplink.channel',
    ],
    [
      'management SSID = uplink SSID (408)',
      (s) => Object.assign(s, { mgmtSsid: 'Backhaul' }),
      'mgmtSsid',
      408,
    ],
    ['management SSID = a policy SSID (89)', (s) => Object.assign(s, { mgmtSsid: 'Staff' }), 'mgmtSsid', 89],
  ];
  it('accepts a bridge in AP mode, with an open uplink, and with a secured uplink', () => {
    const ctxB = { model: C5, policySsids: ['Staff'] };
    expect(bridgeSettingsIssues(valid(), ctxB)).toEqual([]);
    expect(bridgeSettingsIssues({ ...valid(), uplink: null }, ctxB)).toEqual([]);
    const open = valid();
    if (open.uplink) open.uplink.password = '';
    expect(bridgeSettingsIssues(open)).toEqual([]);
  });
  it.each(CASES_BRIDGE)('%s', (_name, mutate, path, code) => {
    const s = valid();
    mutate(s);
    expect(codes(bridgeSettingsIssues(s, { model: C5, policySsids: ['Staff'] }))).toEqual([
      `${code ?? I} ${path}`,
    ]);
  });
});
