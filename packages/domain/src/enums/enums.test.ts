import { describe, expect, it } from 'vitest';
import { BACKUP_SYNC_STATES, BACKUP_TYPES } from './backup';
import { CLIENT_STATUSES, MESSAGE_CHANNELS } from './clients';
import {
  DEVICE_STATUS_CODES,
  DEVICE_STATUS_LABELS,
  deviceDisplayStatus,
  isDeviceOnline,
  maintenanceBlock,
  simpleDisplayStatus,
  UPGRADE_STAGES,
  upgradeStageDisplayStatus,
} from './deviceStatus';
import {
  DEVICE_KINDS,
  DEVICE_TYPE_LABELS,
  DEVICE_TYPES,
  deviceTypePlural,
  isDeviceKind,
  MANAGEMENT_MODES,
  WORK_MODES,
} from './devices';
import {
  ALARM_READ_FLAGS,
  LOG_RETENTION_DAYS,
  RATE_UNITS,
  TABLE_FILTER_KEYS,
  TIME_RANGE_KEYS,
  TIME_RANGES,
} from './misc';
import { DHCP_LEASE_PRESETS, DHCP_POOL_LEASE_PRESETS } from './network';
import { PORT_DEVICE_TYPES, PORT_TYPES } from './ports';
import { SHARE_PERMISSION_VALUES } from './sharing';
import type { Cipher, SecurityMode } from './wifi';
import {
  allowedCiphers,
  CIPHERS,
  isCipherAllowed,
  needsWifiPassword,
  SECURITY_MODE_CODES,
  SECURITY_MODE_TO_CODE,
  SECURITY_MODES,
  securityModeFromCode,
  WALL_MATERIAL_KEYS,
  wallAttenuationDb,
} from './wifi';

describe('devices', () => {
  it('lists the 19 device types of §3, unique, each labelled', () => {
    expect(DEVICE_TYPES).toHaveLength(19);
    expect(new Set(DEVICE_TYPES).size).toBe(19);
    for (const t of DEVICE_TYPES) expect(DEVICE_TYPE_LABELS[t]).toBeTruthy();
    // Plurals as English has them: the device tabs once read "Switchs".
    expect(deviceTypePlural('switch')).toBe('Switches');
    expect(deviceTypePlural('ap')).toBe('Access points');
    expect(deviceTypePlural('nvr')).toBe('NVRs');
    expect(deviceTypePlural('v7')).toBe('Gateways');
    expect(deviceTypePlural('cpe')).toBe('CPE bridges');
  });

  it('device kinds are device types', () => {
    for (const k of DEVICE_KINDS) expect(DEVICE_TYPES).toContain(k);
    expect(isDeviceKind('v7')).toBe(true);
    expect(isDeviceKind('expand_ap')).toBe(false);
  });

  it('keeps both management-mode listings', () => {
    expect(MANAGEMENT_MODES).toEqual({ CLOUD: 1, LOCAL: 2 });
    expect(WORK_MODES).toEqual({ ROUTER: 0, WIFI_EXTEND: 1 });
  });
});

describe('device status', () => {
  it('has a label for every code 0–9', () => {
    expect(DEVICE_STATUS_CODES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const c of DEVICE_STATUS_CODES) expect(DEVICE_STATUS_LABELS[c]).toBeTruthy();
  });

  it.each([
    [0, 'offline', 'grey'],
    [1, 'online', 'green'],
    [2, 'online', 'green'],
    [3, 'upgrading', 'blue'],
    [4, 'upgrading', 'blue'],
    [5, 'upgrading', 'blue'],
    [6, 'failed', 'red'],
    [7, 'online', 'green'],
    [8, 'rebooting', 'orange'],
    [9, 'offline', 'grey'],
    [42, 'offline', 'grey'],
  ])('detailed code %i shows as %s (%s)', (code, key, colour) => {
    expect(deviceDisplayStatus(code)).toMatchObject({ key, colour });
  });

  it.each([
    [0, 'offline'],
    [1, 'online'],
    [2, 'upgrading'],
    [3, 'rebooting'],
    [4, 'offline'],
  ])('simple code %i shows as %s', (code, key) => {
    expect(simpleDisplayStatus(code).key).toBe(key);
  });

  it.each([
    [1, null],
    [7, null],
    [3, 'busy'],
    [4, 'busy'],
    [8, 'busy'],
    [0, 'offline'],
    [9, 'offline'],
    [6, 'offline'],
  ])('maintenance on status %i → %s', (code, block) => {
    expect(maintenanceBlock(code)).toBe(block);
  });

  it('treats online-like codes as online', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter(isDeviceOnline)).toEqual([1, 2, 7]);
  });

  it('maps upgrade stages to display statuses', () => {
    expect(UPGRADE_STAGES).toHaveLength(7);
    expect(upgradeStageDisplayStatus('downloading').key).toBe('upgrading');
    expect(upgradeStageDisplayStatus('restarting').key).toBe('rebooting');
    expect(upgradeStageDisplayStatus('download_failed').key).toBe('failed');
    expect(upgradeStageDisplayStatus('success').key).toBe('online');
  });
});

describe('wireless security', () => {
  it('has the 8 named modes and the numeric codes 0–8 as §3 lists them', () => {
    expect(SECURITY_MODES).toHaveLength(8);
    expect(Object.values(SECURITY_MODE_CODES)).toEqual([
      'none',
      'WPAPSK',
      'WPA2PSK',
      'WPA3SAE',
      'WPA3SAE+WPA2PSK',
      'other',
      'WPAWPA2PSK',
      'WPA',
      'WPA2',
    ]);
  });

  it('maps named modes to codes one to one, leaving 5 (other) unnamed', () => {
    for (const mode of SECURITY_MODES) expect(securityModeFromCode(SECURITY_MODE_TO_CODE[mode])).toBe(mode);
    expect(securityModeFromCode(5)).toBeNull();
    expect(securityModeFromCode(9)).toBeNull();
    expect(SECURITY_MODE_TO_CODE['WPA/WPA2-PSK']).toBe(6);
  });

  const table: [SecurityMode, Cipher[]][] = [
    ['none', []],
    ['WPA-PSK', ['AES', 'TKIP']],
    ['WPA2-PSK', ['AES', 'TKIP', 'TKIP+AES']],
    ['WPA/WPA2-PSK', ['AES', 'TKIP', 'TKIP+AES']],
    ['WPA3-SAE', ['AES', 'TKIP', 'TKIP+AES']],
    ['WPA3-SAE/WPA2-PSK', ['AES', 'TKIP', 'TKIP+AES']],
    ['WPA', ['AES', 'TKIP', 'TKIP+AES']],
    ['WPA2', ['AES', 'TKIP', 'TKIP+AES']],
  ];
  it.each(table)('%s allows %j', (mode, ciphers) => {
    expect([...allowedCiphers(mode)]).toEqual(ciphers);
    for (const c of CIPHERS) expect(isCipherAllowed(mode, c)).toBe(ciphers.includes(c));
    expect(isCipherAllowed(mode, null)).toBe(mode === 'none');
  });

  it('asks for a password only for PSK/SAE modes', () => {
    expect(SECURITY_MODES.filter(needsWifiPassword)).toEqual([
      'WPA-PSK',
      'WPA2-PSK',
      'WPA/WPA2-PSK',
      'WPA3-SAE',
      'WPA3-SAE/WPA2-PSK',
    ]);
  });

  it('has the wall attenuations of §9', () => {
    expect(Object.fromEntries(WALL_MATERIAL_KEYS.map((k) => [k, wallAttenuationDb(k)]))).toEqual({
      plasterboard: 5,
      wood: 6.5,
      glass: 12,
      brick: 20,
      coated_glass: 20,
      concrete: 20,
      papered_wall: 23,
      bearing_wall: 28,
    });
  });
});

describe('other enumerations', () => {
  it('spell the wire values of §3–§4', () => {
    expect(RATE_UNITS).toEqual({ MB: 1, GB: 2, WIRELESS: 3, TB: 4 });
    expect(TABLE_FILTER_KEYS).toEqual(['ip', 'model', 'port', 'name', 'vlan', 'mac']);
    expect(PORT_TYPES).toEqual({ ACCESS: 0, TRUNK: 1 });
    expect(ALARM_READ_FLAGS).toEqual({ UNREAD: 0, READ: 1 });
    expect(MESSAGE_CHANNELS).toEqual({ TCP: 0, MQTT: 1 });
    expect(SHARE_PERMISSION_VALUES).toEqual(['r', 'rw']);
    expect(BACKUP_TYPES).toEqual(['restore_point', 'general']);
    expect(BACKUP_SYNC_STATES).toHaveLength(4);
    expect(CLIENT_STATUSES).toHaveLength(6);
    expect(PORT_DEVICE_TYPES).toHaveLength(12);
    expect(LOG_RETENTION_DAYS).toEqual([7, 30, 90, 180]);
  });

  it('has the chart time ranges in order with increasing spans', () => {
    expect(TIME_RANGE_KEYS).toEqual(['12h', '24h', '72h', '7d', '30d']);
    const spans = TIME_RANGE_KEYS.map((k) => TIME_RANGES[k].seconds);
    expect(spans).toEqual([43200, 86400, 259200, 604800, 2592000]);
  });

  it('has both DHCP lease preset variants', () => {
    expect(DHCP_LEASE_PRESETS.map((p) => p.minutes)).toEqual([30, 60, 180, 360, 720, null]);
    expect(DHCP_POOL_LEASE_PRESETS.map((p) => p.minutes)).toEqual([30, 60, 360, 720, 1440, 4320, 10080]);
  });
});
