import { describe, expect, it } from 'vitest';
import {
  accessThresholdIssue,
  bandSelectionIssue,
  bandSsidsIssue,
  keyUpdateIntervalIssue,
  keyUpdateIntervalSchema,
  maxClientsIssue,
  portSelectionIssue,
  radiusServerIssues,
  radiusServerSchema,
  rateLimitIssue,
  roamThresholdIssue,
  signalThresholdIssue,
  ssidIssue,
  transmitPowerIssue,
  wideSignalThresholdIssue,
  wifiPasswordIssue,
  wifiPasswordSchema,
  wifiSecurityIssues,
  wirelessPolicyNameIssue,
} from './wifi';

const HEX64 = '0123456789abcdefABCDEF0123456789abcdef0123456789abcdef0123456789';

describe('Wi-Fi password: 8–63 printable ASCII, or 64 hex digits', () => {
  const length = 'Wi-Fi password must be 8–63 characters, or 64 hexadecimal digits.';
  it.each([
    ['12345678', null], // 8 characters: the shortest passphrase
    ['a'.repeat(63), null], // 63 characters: the longest passphrase
    ['deadbeef', null], // 8 hex characters are just a passphrase
    [HEX64, null], // 64 hex digits: the raw key
    ['pass word with ~!@#$%^&*()', null],
    [' spaced ', null], // spaces are part of a passphrase
    ['', 'Wi-Fi password is required.'],
    ['1234567', length],
    [`${HEX64}0`, length],
    ['g'.repeat(64), 'A 64-character Wi-Fi password is a raw key: use hexadecimal digits (0–9, A–F) only.'],
    [
      `${'a'.repeat(63)} `,
      'A 64-character Wi-Fi password is a raw key: use hexadecimal digits (0–9, A–F) only.',
    ],
    ['pässwörd', 'Wi-Fi password may contain only printable ASCII characters.'],
    ['password😀', 'Wi-Fi password cannot contain emoticons.'],
  ])('%j → %j', (s, expected) => {
    expect(HEX64).toHaveLength(64);
    expect(wifiPasswordIssue(s)).toBe(expected);
    expect(wifiPasswordSchema.safeParse(s).success).toBe(expected === null);
  });
});

describe('SSID: 1–32 printable ASCII bytes', () => {
  it.each([
    ['Office', null],
    ['x'.repeat(32), null],
    ['x'.repeat(33), 'SSID must be 1–32 characters.'],
    ['', 'SSID is required.'],
    ['办公室', 'SSID may contain only printable ASCII characters.'],
    [' Office', 'SSID cannot start or end with a space.'],
  ])('%j → %j', (s, expected) => {
    expect(ssidIssue(s)).toBe(expected);
  });
});

describe('numeric wireless fields', () => {
  it.each([
    [0, null],
    [60, null],
    [99999, null],
    ['3600', null],
    [59, 'Key update interval must be 0 (never) or from 60 to 99999 seconds.'],
    [1, 'Key update interval must be 0 (never) or from 60 to 99999 seconds.'],
    [100000, 'Key update interval must be 0 (never) or from 60 to 99999 seconds.'],
    [-1, 'Key update interval must be 0 (never) or from 60 to 99999 seconds.'],
    ['', 'Key update interval is required.'],
    ['6o', 'Key update interval must be a whole number.'],
  ])('key update interval %j → %j', (v, expected) => {
    expect(keyUpdateIntervalIssue(v)).toBe(expected);
  });
  it('key update interval schema', () => {
    expect(keyUpdateIntervalSchema.safeParse(0).success).toBe(true);
    expect(keyUpdateIntervalSchema.safeParse(30).success).toBe(false);
  });

  it.each([
    [maxClientsIssue, 1, null],
    [maxClientsIssue, 128, null],
    [maxClientsIssue, 0, 'Maximum clients must be from 1 to 128.'],
    [maxClientsIssue, 129, 'Maximum clients must be from 1 to 128.'],
    [transmitPowerIssue, 8, null],
    [transmitPowerIssue, 29, null],
    [transmitPowerIssue, 7, 'Transmit power must be from 8 to 29 dBm.'],
    [transmitPowerIssue, 30, 'Transmit power must be from 8 to 29 dBm.'],
    [accessThresholdIssue, -90, null],
    [accessThresholdIssue, -60, null],
    [accessThresholdIssue, '-75', null],
    [accessThresholdIssue, -91, 'Access threshold must be from -90 to -60 dBm.'],
    [accessThresholdIssue, -59, 'Access threshold must be from -90 to -60 dBm.'],
    [accessThresholdIssue, 75, 'Access threshold must be from -90 to -60 dBm.'],
    [signalThresholdIssue, -90, null],
    [signalThresholdIssue, -95, 'Signal threshold must be from -90 to -60 dBm.'],
    [wideSignalThresholdIssue, -100, null],
    [wideSignalThresholdIssue, -60, null],
    [wideSignalThresholdIssue, -101, 'Signal threshold must be from -100 to -60 dBm.'],
    [wideSignalThresholdIssue, -59, 'Signal threshold must be from -100 to -60 dBm.'],
  ])('%o(%j) → %j', (fn, v, expected) => {
    expect(fn(v)).toBe(expected);
  });

  it.each([
    [-70, null],
    ['-70', null],
    [0, null],
    [-70.5, 'Roaming threshold must be a whole number.'],
    ['abc', 'Roaming threshold must be a whole number.'],
    ['', 'Roaming threshold is required.'],
  ])('roam threshold %j → %j', (v, expected) => {
    expect(roamThresholdIssue(v)).toBe(expected);
  });
});

describe('bands, ports and rate limit', () => {
  it('2.4 GHz and 5 GHz names differ', () => {
    expect(bandSsidsIssue('Office', 'Office-5G')).toBeNull();
    expect(bandSsidsIssue('Office', 'office')).toBeNull(); // SSIDs are case-sensitive
    expect(bandSsidsIssue('Office', 'Office')).toBe('The 2.4 GHz and 5 GHz names must differ.');
  });
  it('at least one band and one port', () => {
    expect(bandSelectionIssue(['2.4G'])).toBeNull();
    expect(bandSelectionIssue([])).toBe('Select at least one frequency band.');
    expect(portSelectionIssue([1])).toBeNull();
    expect(portSelectionIssue([])).toBe('Select at least one port.');
  });
  it.each([
    [false, '', null],
    [true, 1024, null],
    [true, '512', null],
    [true, '', 'Rate limit is on: enter a rate.'],
    [true, undefined, 'Rate limit is on: enter a rate.'],
    [true, 0, 'Rate limit must be a whole number greater than 0.'],
    [true, '1.5', 'Rate limit must be a whole number greater than 0.'],
  ])('rate limit on=%s rate=%j → %j', (on, rate, expected) => {
    expect(rateLimitIssue(on, rate)).toBe(expected);
  });
});

describe('RADIUS server', () => {
  const ok = { ip: '192.168.1.5', port: 1812, secret: 'S3cret!' };
  it('accepts a valid server', () => {
    expect(radiusServerIssues(ok)).toEqual([]);
    expect(radiusServerSchema.safeParse(ok).success).toBe(true);
  });
  it.each([
    [
      { ip: '127.0.0.1' },
      [['ip', 'RADIUS server IP must start with a number from 1 to 223, other than 127.']],
    ],
    [{ ip: '' }, [['ip', 'RADIUS server IP is required.']]],
    [{ port: 0 }, [['port', 'RADIUS port must be from 1 to 65535.']]],
    [{ port: '1812' }, []],
    [{ secret: '' }, [['secret', 'RADIUS password is required.']]],
    [
      { secret: 'has space' },
      [['secret', 'RADIUS password may contain only printable ASCII without spaces.']],
    ],
    [{ secret: 'x'.repeat(65) }, [['secret', 'RADIUS password must be 1–64 characters.']]],
  ])('%j → %j', (change, expected) => {
    expect(radiusServerIssues({ ...ok, ...change })).toEqual(expected);
  });
});

describe('wireless policy name and security', () => {
  it.each([
    ['Staff', null],
    ['app_default_1', '"app_default_1" is reserved for the system; choose another policy name.'],
    ['app_default_9', null],
    ['', 'Policy name is required.'],
  ])('policy name %j → %j', (name, expected) => {
    expect(wirelessPolicyNameIssue(name)).toBe(expected);
  });
  const radius = { ip: '192.168.1.5', port: 1812, secret: 'S3cret!' };
  it.each([
    [{ mode: 'none' as const, password: 'x' }, []],
    [{ mode: 'WPA2-PSK' as const, password: '12345678' }, []],
    [
      { mode: 'WPA3-SAE' as const, password: '1234' },
      [['password', 'Wi-Fi password must be 8–63 characters, or 64 hexadecimal digits.']],
    ],
    [{ mode: 'WPA/WPA2-PSK' as const }, [['password', 'Wi-Fi password is required.']]],
    [{ mode: 'WPA2' as const, radius }, []],
    [{ mode: 'WPA' as const }, [['radius', 'Enterprise security needs a RADIUS server.']]],
    [
      { mode: 'WPA2' as const, radius: { ...radius, port: 70000 } },
      [['radius.port', 'RADIUS port must be from 1 to 65535.']],
    ],
  ])('%j → %j', (v, expected) => {
    expect(wifiSecurityIssues(v)).toEqual(expected);
  });
});
