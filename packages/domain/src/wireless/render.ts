/**
 * How Wi-Fi policies reach a device: the `wireless.ssids[]` section of its document
 * (docs/protocol.md §7.1), one entry per policy and band the device has, names resolved and the
 * shutdown schedule parsed.
 */
import { z } from 'zod';
import { CIPHERS, SECURITY_MODE_TO_CODE, SECURITY_MODES, WIFI_BANDS } from '../enums/wifi';
import { MAX_CLIENTS_PER_BAND, MIN_CLIENTS_PER_BAND, VLAN_ANY_MAX, VLAN_ANY_MIN } from '../limits';
import { parseShutdownSchedule } from '../validation/wifiSchedule';
import type { WirelessSettings } from './settings';

/** One SSID a radio broadcasts: a policy rendered for one band (names resolved, schedule parsed). */
export const deviceSsidSchema = z.object({
  /** The policy's key (stable across renames). */
  key: z.string().max(16),
  band: z.enum(WIFI_BANDS),
  ssid: z.string().max(64),
  security: z.enum(SECURITY_MODES),
  /** §3's numeric code of `security` (0–8); it always agrees with the name. */
  securityCode: z.int().min(0).max(8),
  cipher: z.enum(CIPHERS).nullable(),
  password: z.string().max(64),
  keyUpdateInterval: z.int().min(0).max(99999),
  hidden: z.boolean(),
  maxClients: z.int().min(MIN_CLIENTS_PER_BAND).max(MAX_CLIENTS_PER_BAND),
  /** Shutdown periods (days 0 = Monday, minutes after midnight, end exclusive). */
  schedule: z.array(
    z.object({
      days: z.array(z.int().min(0).max(6)).max(7),
      start: z.int().min(0).max(1440),
      end: z.int().min(0).max(1440),
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
  radius: z.object({ ip: z.string().max(15), port: z.int(), secret: z.string().max(64) }).nullable(),
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
        maxClients: p.maxClients[band],
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
