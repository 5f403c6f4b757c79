/**
 * Device identity on the broker (docs/protocol.md "Identity"): client id = username = serial
 * number, password = the device secret. Factory provisioning derives the secret from a manufacturer
 * provisioning key and the serial number, so the cloud can verify any device with the same key and
 * store no per-device secret. Node only (uses node:crypto).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isSerial } from './topics';

/**
 * The development provisioning key (docs/operations.md "Device identity"): public, so a console
 * started without PROVISIONING_KEY, the simulator and the tests derive the same device secrets with
 * no configuration. Written here once; the server warns while it is in use and refuses it in
 * production.
 */
export const DEV_PROVISIONING_KEY = 'netloom-development-provisioning-key-not-secret';

/** The secret of a device: base64url(HMAC-SHA256(provisioningKey, sn)), 43 characters. */
export function deriveDeviceSecret(provisioningKey: string | Uint8Array, sn: string): string {
  if (provisioningKey.length === 0) throw new Error('The provisioning key is empty');
  return createHmac('sha256', provisioningKey).update(sn, 'utf8').digest('base64url');
}

/** Whether `secret` is the device secret of `sn` under `provisioningKey` (constant-time compare). */
export function verifyDeviceSecret(
  provisioningKey: string | Uint8Array,
  sn: string,
  secret: string,
): boolean {
  if (provisioningKey.length === 0 || !isSerial(sn)) return false;
  const expected = Buffer.from(deriveDeviceSecret(provisioningKey, sn), 'utf8');
  const given = Buffer.from(secret, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** MQTT CONNECT credentials of a device. */
export interface DeviceCredentials {
  clientId: string;
  username: string;
  password: string;
}
export function deviceCredentials(sn: string, secret: string): DeviceCredentials {
  return { clientId: sn, username: sn, password: secret };
}

/**
 * Why a CONNECT is not a well-formed device identity, or null when it is (the secret is checked
 * separately): the username must be a serial number and the client id must equal it.
 */
export function deviceIdentityIssue(clientId: string, username: string | undefined): string | null {
  if (username === undefined || !isSerial(username)) return 'username is not a serial number';
  if (clientId !== username) return 'client id must equal the username (the serial number)';
  return null;
}
