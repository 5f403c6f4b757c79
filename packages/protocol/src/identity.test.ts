import { describe, expect, it } from 'vitest';
import { deriveDeviceSecret, deviceCredentials, deviceIdentityIssue, verifyDeviceSecret } from './identity';

const KEY = 'factory-key-0001';
const SN = 'NL0123456789ABCDEF';
// Computed independently: printf NL0123456789ABCDEF | openssl dgst -sha256 -hmac factory-key-0001 -binary | base64url
const VECTOR = '-jIE_u4D3pMj0T9FECi3vUnGddoHl__PPMTBj5zOgx0';

describe('device secrets', () => {
  it('derives base64url(HMAC-SHA256(key, sn)) as documented', () => {
    expect(deriveDeviceSecret(KEY, SN)).toBe(VECTOR);
    expect(deriveDeviceSecret(new TextEncoder().encode(KEY), SN)).toBe(VECTOR);
    expect(VECTOR).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('differs per serial number and per key', () => {
    expect(deriveDeviceSecret(KEY, 'NL0123456789ABCDEG')).not.toBe(VECTOR);
    expect(deriveDeviceSecret('another-key', SN)).not.toBe(VECTOR);
  });

  it('refuses an empty provisioning key', () => {
    expect(() => deriveDeviceSecret('', SN)).toThrow(/empty/);
    expect(verifyDeviceSecret('', SN, VECTOR)).toBe(false);
  });

  it('verifies the right secret and nothing else', () => {
    expect(verifyDeviceSecret(KEY, SN, VECTOR)).toBe(true);
    expect(verifyDeviceSecret(KEY, SN, `${VECTOR.slice(0, -1)}A`)).toBe(false);
    expect(verifyDeviceSecret(KEY, SN, VECTOR.slice(0, 10))).toBe(false);
    expect(verifyDeviceSecret(KEY, SN, '')).toBe(false);
    expect(verifyDeviceSecret(KEY, 'NL0123456789ABCDEG', VECTOR)).toBe(false);
    expect(verifyDeviceSecret(KEY, 'short', deriveDeviceSecret(KEY, 'short'))).toBe(false);
    expect(verifyDeviceSecret(KEY, SN, `${VECTOR}é`)).toBe(false);
  });
});

describe('device identity', () => {
  it('uses the serial number as client id and username', () => {
    expect(deviceCredentials(SN, VECTOR)).toEqual({ clientId: SN, username: SN, password: VECTOR });
  });

  it('requires the username to be a serial number equal to the client id', () => {
    expect(deviceIdentityIssue(SN, SN)).toBeNull();
    expect(deviceIdentityIssue(SN, undefined)).toMatch(/serial/);
    expect(deviceIdentityIssue('other', SN)).toMatch(/client id/);
    expect(deviceIdentityIssue('netloom/#', 'netloom/#')).toMatch(/serial/);
  });
});
