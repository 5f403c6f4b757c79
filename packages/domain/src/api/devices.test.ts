import { describe, expect, it } from 'vitest';
import { DEFAULT_DEVICE_PAGE_SIZE } from '../limits';
import {
  defaultDeviceName,
  deviceAddRequestSchema,
  deviceFamily,
  deviceListQuerySchema,
  deviceNameSchema,
  familyOfNetMode,
  isGatewayKind,
} from './devices';
import { preferenceKeySchema, tablePreferenceSchema } from './preferences';

describe('device API contract', () => {
  it('device names: 1–16 characters, no spaces or emoticons', () => {
    for (const ok of ['AP1', 'Lobby-AP', 'A'.repeat(16), '前台AP'])
      expect(deviceNameSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['', 'has space', 'A'.repeat(17), 'AP😀'])
      expect(deviceNameSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('add by SN trims the serial number and checks it', () => {
    expect(deviceAddRequestSchema.parse({ sn: ' NL0123456789ABCDEF ', name: 'x' }).sn).toBe(
      'NL0123456789ABCDEF',
    );
    expect(deviceAddRequestSchema.safeParse({ sn: 'NL0123', name: 'x' }).success).toBe(false);
  });

  it('default names: model and the end of the SN, within 16 characters', () => {
    expect(defaultDeviceName('NL0123456789ABCDEF', 'NL-A3000C')).toBe('NL-A3000C-CDEF');
    expect(defaultDeviceName('nl0123456789abcdef', null)).toBe('Device-CDEF');
    const long = defaultDeviceName('NL0123456789ABCDEF', 'Some Very Long Model Name');
    expect(long).toBe('SomeVeryLon-CDEF');
    expect(deviceNameSchema.safeParse(long).success).toBe(true);
  });

  it('kinds: gateways, mesh, traditional WLAN and neutral', () => {
    expect(['router', 'v7', 'wrouter'].every(isGatewayKind)).toBe(true);
    expect(isGatewayKind('mesh')).toBe(false);
    expect(deviceFamily('mesh')).toBe('mesh');
    expect(deviceFamily('ap')).toBe('wlan');
    expect(deviceFamily('wrouter')).toBe('wlan');
    expect(['switch', 'router', 'v7', 'nvr', 'cpe', 'ipc', 'unknown'].map(deviceFamily)).toEqual(
      Array(7).fill('neutral'),
    );
    expect([familyOfNetMode(0), familyOfNetMode(1)]).toEqual(['wlan', 'mesh']);
  });

  it('list query: comma lists of types and statuses, defaults, bounds', () => {
    expect(deviceListQuerySchema.parse({})).toEqual({
      sort: 'name',
      order: 'asc',
      page: 1,
      pageSize: DEFAULT_DEVICE_PAGE_SIZE,
    });
    expect(
      deviceListQuerySchema.parse({ type: 'router, v7,wrouter', status: 'online', page: '3' }),
    ).toMatchObject({
      type: ['router', 'v7', 'wrouter'],
      status: ['online'],
      page: 3,
    });
    for (const bad of [
      { type: 'toaster' },
      { type: ',' },
      { sort: 'password' },
      { pageSize: '101' },
      { vlan: '0' },
    ]) {
      expect(deviceListQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('preference keys and the table preference shape', () => {
    for (const ok of ['table:devices:ap', 'theme', 'a.b_c-d'])
      expect(preferenceKeySchema.safeParse(ok).success).toBe(true);
    for (const bad of ['', ':x', 'has space', 'k'.repeat(65), 'a/b'])
      expect(preferenceKeySchema.safeParse(bad).success).toBe(false);
    expect(tablePreferenceSchema.parse({})).toEqual({
      hiddenColumns: [],
      shrink: false,
      pageSize: DEFAULT_DEVICE_PAGE_SIZE,
    });
  });
});
