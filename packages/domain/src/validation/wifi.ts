import { z } from 'zod';
import { needsWifiPassword, type SecurityMode, type WifiBand } from '../enums/wifi';
import {
  ACCESS_THRESHOLD_MAX,
  ACCESS_THRESHOLD_MIN,
  KEY_UPDATE_INTERVAL_MAX,
  KEY_UPDATE_INTERVAL_MIN,
  MAX_CLIENTS_PER_BAND,
  MIN_CLIENTS_PER_BAND,
  NAME_MAX_BYTES,
  RADIUS_SECRET_MAX_LENGTH,
  RESERVED_POLICY_NAMES,
  SIGNAL_THRESHOLD_WIDE_MIN,
  TX_POWER_MAX,
  TX_POWER_MIN,
  WIFI_PASSWORD_HEX_LENGTH,
  WIFI_PASSWORD_MAX_LENGTH,
  WIFI_PASSWORD_MIN_LENGTH,
} from '../limits';
import { gatewayIssue } from './ip';
import { portIssue } from './ports';
import {
  type IntegerRule,
  integerIssue,
  integerSchema,
  isBlank,
  parseInteger,
  refineWithIssue,
} from './rule';
import { asciiNameIssue, hasEmoji, isPrintableAscii } from './text';

/**
 * Wireless rules of §5: Wi-Fi password, SSID, key update interval, max clients, band names and
 * selections, RF figures, rate limit and RADIUS. The shutdown schedule is in `wifiSchedule.ts`.
 */

export const KEY_UPDATE_INTERVAL_RULE: IntegerRule = {
  label: 'Key update interval',
  min: KEY_UPDATE_INTERVAL_MIN,
  max: KEY_UPDATE_INTERVAL_MAX,
  unit: 'seconds',
};
export const MAX_CLIENTS_RULE: IntegerRule = {
  label: 'Maximum clients',
  min: MIN_CLIENTS_PER_BAND,
  max: MAX_CLIENTS_PER_BAND,
};
export const TRANSMIT_POWER_RULE: IntegerRule = {
  label: 'Transmit power',
  min: TX_POWER_MIN,
  max: TX_POWER_MAX,
  unit: 'dBm',
};
export const ACCESS_THRESHOLD_RULE: IntegerRule = {
  label: 'Access threshold',
  min: ACCESS_THRESHOLD_MIN,
  max: ACCESS_THRESHOLD_MAX,
  unit: 'dBm',
};
/** Signal threshold, -90 to -60 dBm: the same bounds as the access threshold. */
export const SIGNAL_THRESHOLD_RULE: IntegerRule = {
  label: 'Signal threshold',
  min: ACCESS_THRESHOLD_MIN,
  max: ACCESS_THRESHOLD_MAX,
  unit: 'dBm',
};
/** The wider signal-threshold variant of §5 ("-100 to -60"). */
export const SIGNAL_THRESHOLD_WIDE_RULE: IntegerRule = {
  label: 'Signal threshold',
  min: SIGNAL_THRESHOLD_WIDE_MIN,
  max: ACCESS_THRESHOLD_MAX,
  unit: 'dBm',
};

const HEX = /^[0-9A-Fa-f]+$/;

/**
 * Wi-Fi password (WPA/WPA2/WPA3 personal), as 802.11 defines it:
 * - 8–63 characters: a passphrase of printable ASCII (space to "~"); hex digits are just characters
 *   here, so "12345678" is a passphrase, not a key;
 * - exactly 64 characters: the raw pre-shared key, which must be 64 hexadecimal digits.
 * So "8-64 hex" in §5 means: any 8–63 hex characters are accepted as a passphrase, and 64 only if
 * all are hex. Spaces are allowed, even at the ends, because they are part of the passphrase.
 */
export function wifiPasswordIssue(s: string): string | null {
  if (s.length === 0) return 'Wi-Fi password is required.';
  if (hasEmoji(s)) return 'Wi-Fi password cannot contain emoticons.';
  if (!isPrintableAscii(s)) return 'Wi-Fi password may contain only printable ASCII characters.';
  if (s.length === WIFI_PASSWORD_HEX_LENGTH) {
    return HEX.test(s)
      ? null
      : 'A 64-character Wi-Fi password is a raw key: use hexadecimal digits (0–9, A–F) only.';
  }
  if (s.length < WIFI_PASSWORD_MIN_LENGTH || s.length > WIFI_PASSWORD_MAX_LENGTH) {
    return `Wi-Fi password must be ${WIFI_PASSWORD_MIN_LENGTH}–${WIFI_PASSWORD_MAX_LENGTH} characters, or ${WIFI_PASSWORD_HEX_LENGTH} hexadecimal digits.`;
  }
  return null;
}
export const wifiPasswordSchema = refineWithIssue(z.string(), wifiPasswordIssue);

/** SSID: 1–32 printable ASCII bytes, no leading or trailing spaces (§5 "Name or SSID"). */
export function ssidIssue(s: string, label = 'SSID'): string | null {
  return asciiNameIssue(s, label, NAME_MAX_BYTES);
}
export const ssidSchema = refineWithIssue(z.string(), (s) => ssidIssue(s));

/** Key update interval in seconds: 0 (never) or 60–99999. */
export function keyUpdateIntervalIssue(value: string | number): string | null {
  const { label, min, max } = KEY_UPDATE_INTERVAL_RULE;
  if (isBlank(value)) return `${label} is required.`;
  const n = parseInteger(value);
  if (n === null) return `${label} must be a whole number.`;
  return n === 0 || (n >= min && n <= max)
    ? null
    : `${label} must be 0 (never) or from ${min} to ${max} seconds.`;
}
export const keyUpdateIntervalSchema = refineWithIssue(
  z.number({ error: 'Key update interval must be a number.' }),
  keyUpdateIntervalIssue,
);

export const maxClientsIssue = (v: string | number) => integerIssue(v, MAX_CLIENTS_RULE);
export const maxClientsSchema = integerSchema(MAX_CLIENTS_RULE);
export const transmitPowerIssue = (v: string | number) => integerIssue(v, TRANSMIT_POWER_RULE);
export const transmitPowerSchema = integerSchema(TRANSMIT_POWER_RULE);
export const accessThresholdIssue = (v: string | number) => integerIssue(v, ACCESS_THRESHOLD_RULE);
export const accessThresholdSchema = integerSchema(ACCESS_THRESHOLD_RULE);
export const signalThresholdIssue = (v: string | number) => integerIssue(v, SIGNAL_THRESHOLD_RULE);
export const signalThresholdSchema = integerSchema(SIGNAL_THRESHOLD_RULE);
export const wideSignalThresholdIssue = (v: string | number) => integerIssue(v, SIGNAL_THRESHOLD_WIDE_RULE);
export const wideSignalThresholdSchema = integerSchema(SIGNAL_THRESHOLD_WIDE_RULE);

/** Roaming thresholds: whole numbers (dBm, so usually negative); the spec gives no range. */
export function roamThresholdIssue(value: string | number, label = 'Roaming threshold'): string | null {
  if (isBlank(value)) return `${label} is required.`;
  return parseInteger(value) === null ? `${label} must be a whole number.` : null;
}
export const roamThresholdSchema = refineWithIssue(z.number(), (n) => roamThresholdIssue(n));

/** 2.4 GHz and 5 GHz SSIDs must differ when both bands are named separately (case-sensitive). */
export function bandSsidsIssue(ssid24: string, ssid5: string): string | null {
  return ssid24 !== '' && ssid24 === ssid5 ? 'The 2.4 GHz and 5 GHz names must differ.' : null;
}

/** At least one effective frequency band. */
export function bandSelectionIssue(bands: readonly WifiBand[]): string | null {
  return bands.length === 0 ? 'Select at least one frequency band.' : null;
}
/** At least one port. */
export function portSelectionIssue(ports: readonly unknown[]): string | null {
  return ports.length === 0 ? 'Select at least one port.' : null;
}

/** When rate limiting is on, a rate (a positive whole number) is required. */
export function rateLimitIssue(
  enabled: boolean,
  rate: string | number | null | undefined,
  label = 'Rate limit',
) {
  if (!enabled) return null;
  if (isBlank(rate)) return `${label} is on: enter a rate.`;
  const n = parseInteger(rate as string | number);
  return n === null || n < 1 ? `${label} must be a whole number greater than 0.` : null;
}

/** RADIUS shared secret: 1–64 printable ASCII characters, no spaces. */
export function radiusSecretIssue(s: string): string | null {
  if (s.length === 0) return 'RADIUS password is required.';
  if (!isPrintableAscii(s) || /\s/.test(s))
    return 'RADIUS password may contain only printable ASCII without spaces.';
  return s.length > RADIUS_SECRET_MAX_LENGTH
    ? `RADIUS password must be 1–${RADIUS_SECRET_MAX_LENGTH} characters.`
    : null;
}

/** RADIUS server: IP (gateway rule), port 1–65535, password. */
export interface RadiusServer {
  ip: string;
  port: string | number;
  secret: string;
}
export function radiusServerIssues(r: RadiusServer): [field: keyof RadiusServer, message: string][] {
  const issues: [keyof RadiusServer, string | null][] = [
    ['ip', gatewayIssue(r.ip, 'RADIUS server IP')],
    ['port', portIssue(r.port, 'RADIUS port')],
    ['secret', radiusSecretIssue(r.secret)],
  ];
  return issues.filter((i): i is [keyof RadiusServer, string] => i[1] !== null);
}
export const radiusServerSchema = z
  .object({ ip: z.string().trim(), port: z.number(), secret: z.string() })
  .superRefine((r, ctx) => {
    for (const [path, message] of radiusServerIssues(r))
      ctx.addIssue({ code: 'custom', path: [path], message });
  });

/** Wireless policy name: 1–32 printable ASCII bytes (§5 "Name"), not a system name (code 72). */
export function wirelessPolicyNameIssue(name: string): string | null {
  const issue = asciiNameIssue(name, 'Policy name', NAME_MAX_BYTES);
  if (issue) return issue;
  return (RESERVED_POLICY_NAMES as readonly string[]).includes(name)
    ? `"${name}" is reserved for the system; choose another policy name.`
    : null;
}

/**
 * The password or RADIUS server a security mode needs: PSK/SAE modes a Wi-Fi password, enterprise
 * modes (WPA, WPA2) a RADIUS server, "none" neither (anything given is ignored).
 */
export function wifiSecurityIssues(v: {
  mode: SecurityMode;
  password?: string;
  radius?: RadiusServer;
}): [field: string, message: string][] {
  if (v.mode === 'none') return [];
  if (needsWifiPassword(v.mode)) {
    const issue = wifiPasswordIssue(v.password ?? '');
    return issue ? [['password', issue]] : [];
  }
  if (!v.radius) return [['radius', 'Enterprise security needs a RADIUS server.']];
  return radiusServerIssues(v.radius).map(([field, message]) => [`radius.${field}`, message]);
}
