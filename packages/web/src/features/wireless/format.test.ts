import { describe, expect, it } from 'vitest';
import { deviceBandsText, devicesMissingBands, reachedDevices } from './deviceBands';
import {
  appliesToText,
  bandsText,
  kbpsText,
  scheduleSummary,
  securityText,
  ssidText,
  vlanText,
} from './format';
import { appendPeriod } from './ScheduleField';

const device = (id: number, bands: string[]) => ({
  id,
  sn: `SN${id}`,
  name: `AP ${id}`,
  model: 'NL-A1800O',
  kind: 'ap',
  bands,
  online: true,
});

describe('policy table text', () => {
  it('shows one SSID, or both when 5 GHz has its own name', () => {
    expect(ssidText({ ssid: 'Office', ssid5: '', bands: ['2.4G', '5G'] })).toBe('Office');
    expect(ssidText({ ssid: 'Office', ssid5: 'Office-5G', bands: ['2.4G', '5G'] })).toBe(
      'Office · Office-5G',
    );
  });

  it('names bands, security, VLAN and scope', () => {
    expect(bandsText(['2.4G', '5G'])).toBe('2.4 + 5 GHz');
    expect(bandsText(['5G'])).toBe('5 GHz');
    expect(securityText({ security: 'WPA2-PSK', cipher: 'AES' })).toBe('WPA2-PSK · AES');
    expect(securityText({ security: 'none', cipher: null })).toBe('None (open)');
    expect(vlanText(null)).toBe('Untagged');
    expect(vlanText(20)).toBe('VLAN 20');
    expect(appliesToText({ scope: 'all', deviceIds: [] })).toBe('All devices');
    expect(appliesToText({ scope: 'devices', deviceIds: [4] })).toBe('1 device');
    expect(appliesToText({ scope: 'devices', deviceIds: [4, 5] })).toBe('2 devices');
  });

  it('writes rates in steps of 1024', () => {
    expect(kbpsText(512)).toBe('512 kbit/s');
    expect(kbpsText(10240)).toBe('10 Mbit/s');
    expect(kbpsText(1536)).toBe('1.5 Mbit/s');
    expect(kbpsText(null)).toBe('unlimited');
  });
});

describe('shutdown schedule', () => {
  it('reads periods back in words', () => {
    expect(scheduleSummary('Mon-Fri 00:00-06:00\n22:00-24:00\nSat,Sun 01:00-08:00')).toEqual([
      'Off Mon–Fri 00:00–06:00',
      'Off every day 22:00–24:00',
      'Off Sat, Sun 01:00–08:00',
    ]);
    expect(scheduleSummary('')).toEqual([]);
    expect(scheduleSummary('Mon-Fri 08:00-07:00')).toBeNull();
  });

  it('appends an example period on its own line', () => {
    expect(appendPeriod('', '00:00-06:00')).toBe('00:00-06:00');
    expect(appendPeriod('Mon 01:00-02:00\n\n', '00:00-06:00')).toBe('Mon 01:00-02:00\n00:00-06:00');
  });
});

describe('devices of a policy', () => {
  const devices = [device(1, ['2.4G', '5G']), device(2, ['2.4G']), device(3, ['5G'])];

  it('counts the devices a policy reaches by scope and band', () => {
    const ids = (p: Parameters<typeof reachedDevices>[0]) => reachedDevices(p, devices).map((d) => d.id);
    expect(ids({ scope: 'all', deviceIds: [], bands: ['5G'] })).toEqual([1, 3]);
    expect(ids({ scope: 'devices', deviceIds: [2, 3], bands: ['2.4G', '5G'] })).toEqual([2, 3]);
  });

  it('marks picked devices without any of the policy’s bands', () => {
    expect(devicesMissingBands(devices, ['5G']).map((d) => d.id)).toEqual([2]);
    expect(deviceBandsText(['2.4G', '5G'])).toBe('2.4 + 5 GHz');
  });
});
