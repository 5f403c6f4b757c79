/**
 * How Wi-Fi policies reach a device: the `wireless.ssids[]` section of its document
 * (docs/protocol.md §7.1), one entry per policy and band the device has, names resolved and the
 * shutdown schedule parsed.
 */
import { z } from 'zod';
import { CIPHERS, SECURITY_MODE_TO_CODE, SECURITY_MODES, WIFI_BANDS } from '../enums/wifi';
import {
  IPV4_TEXT_MAX_LENGTH,
  KEY_UPDATE_INTERVAL_MAX,
  MAX_CLIENTS_PER_BAND,
  MIN_CLIENTS_PER_BAND,
  POLICY_KEY_MAX_LENGTH,
  RADIUS_SECRET_MAX_LENGTH,
  SETTINGS_TEXT_MAX_LENGTH,
  VLAN_ANY_MAX,
  VLAN_ANY_MIN,
  WIFI_PASSWORD_HEX_LENGTH,
} from '../limits';
import { parseShutdownSchedule } from '../validation/wifiSchedule';
import type { WirelessSettings } from './settings';

const minuteOfDay = z
  .int()
  .min(0)
  .max(24 * 60); // not a rule: minutes after midnight, end exclusive

/** One SSID a radio broadcasts: a policy rendered for one band (names resolved, schedule parsed). */
export const deviceSsidSchema = z.object({
  /** The policy's key (stable across renames). */
  key: z.string().max(POLICY_KEY_MAX_LENGTH),
  band: z.enum(WIFI_BANDS),
  ssid: z.string().max(SETTINGS_TEXT_MAX_LENGTH),
  security: z.enum(SECURITY_MODES),
  /** §3's numeric code of `security` (0–8); it always agrees with the name. */
  securityCode: z.int().min(0).max(8), // not a rule: the codes of SECURITY_MODE_CODES
  cipher: z.enum(CIPHERS).nullable(),
  password: z.string().max(WIFI_PASSWORD_HEX_LENGTH),
  keyUpdateInterval: z.int().min(0).max(KEY_UPDATE_INTERVAL_MAX),
  hidden: z.boolean(),
  maxClients: z.int().min(MIN_CLIENTS_PER_BAND).max(MAX_CLIENTS_PER_BAND),
  /** Shutdown periods (days 0 = Monday, minutes after midnight, end exclusive). */
  schedule: z.array(
    z.object({
      days: z.array(z.int().min(0).max(6)).max(7), // not a rule: the days of a week
      start: minuteOfDay,
      end: minuteOfDay,
    }),
  ),
  /**
   * The days (`YYYY-MM-DD`, inclusive, local time) the shutdown periods apply on; absent = every
   * day. A side that is null is open.
   */
  scheduleDates: z.object({ from: z.string().nullable(), until: z.string().nullable() }).optional(),
  vlanId: z.int().min(VLAN_ANY_MIN).max(VLAN_ANY_MAX).nullable(),
  guest: z.boolean(),
  /** Per-client limits in kbit/s; null = unlimited. */
  rateLimit: z.object({ downKbps: z.int().nullable(), upKbps: z.int().nullable() }).nullable(),
  radius: z
    .object({
      ip: z.string().max(IPV4_TEXT_MAX_LENGTH),
      port: z.int(),
      secret: z.string().max(RADIUS_SECRET_MAX_LENGTH),
    })
    .nullable(),
});
export type DeviceSsid = z.infer<typeof deviceSsidSchema>;

/** The SSIDs a device broadcasts: enabled policies for all devices or naming it, per band it has. */
export function renderSsids(
  wireless: WirelessSettings,
  deviceId: number | undefined,
  bands: readonly string[],
): DeviceSsid[] {
  const out: DeviceSsid[] = [];
  for (const p of wireless.policies) {
    if (!p.enabled) continue;
    if (p.scope === 'devices' && (deviceId === undefined || !p.deviceIds.includes(deviceId))) continue;
    const schedule = parseShutdownSchedule(p.schedule);
    const dates =
      p.scheduleFrom || p.scheduleUntil
        ? { from: p.scheduleFrom || null, until: p.scheduleUntil || null }
        : null;
    for (const band of p.bands) {
      if (!bands.includes(band)) continue;
      const rate = p.rateLimit.enabled
        ? { downKbps: p.rateLimit.downKbps, upKbps: p.rateLimit.upKbps }
        : null;
      out.push({
        key: p.key,
        band,
        ssid: band === '5G' && p.ssid5 !== '' ? p.ssid5 : p.ssid,
        security: p.security,
        securityCode: SECURITY_MODE_TO_CODE[p.security],
        cipher: p.security === 'none' ? null : p.cipher,
        password: p.password,
        keyUpdateInterval: p.keyUpdateInterval,
        hidden: p.hidden,
        maxClients: p.maxClients[band] ?? MAX_CLIENTS_PER_BAND,
        schedule: schedule.ok ? schedule.periods : [],
        ...(dates ? { scheduleDates: dates } : {}),
        vlanId: p.vlanId,
        guest: p.guest,
        rateLimit: rate,
        radius: p.security === 'WPA' || p.security === 'WPA2' ? p.radius : null,
      });
    }
  }
  return out;
}
