/**
 * A CPE bridge's page (issue 5 §3): its bridge settings view, its bridge status, the Wi-Fi search
 * its uplink is picked from (417 no network found, 418 an uplink not in the latest search) and the
 * work-mode switch.
 */
import { z } from 'zod';
import { configDocumentMeta, wirelessDeviceRefSchema } from '../config/api';
import { WIFI_SEARCH_MIN_MS, WIFI_SEARCH_MS } from '../limits';
import { bridgeSettingsSchema } from './settings';

export const CPE_MODES = ['ap', 'client'] as const;
export type CpeMode = (typeof CPE_MODES)[number];

/** What a CPE reports of its bridge now; `offline` when it is not connected. */
export const cpeStatusSchema = z.object({
  mode: z.enum(CPE_MODES).nullable(),
  /** `connected` a peer is linked, `none` no bridge detected, `offline` the device is offline. */
  bridge: z.enum(['connected', 'none', 'offline']),
  peerSn: z.string().nullable(),
  ssid: z.string().nullable(),
  rssi: z.number().nullable(),
});
export type CpeStatus = z.infer<typeof cpeStatusSchema>;

export const cpeNetworkSchema = z.object({
  bssid: z.string(),
  ssid: z.string(),
  band: z.string(),
  channel: z.number().int(),
  rssi: z.number(),
  security: z.string().nullable(),
  /** The transmitting Netloom device's serial number, when it says. */
  sn: z.string().nullable(),
});
export type CpeNetwork = z.infer<typeof cpeNetworkSchema>;

export const cpeSearchResultSchema = z.object({
  searchedAt: z.number(),
  /** Strongest first; never empty (no signal is error 417). */
  networks: z.array(cpeNetworkSchema),
});
export type CpeSearchResult = z.infer<typeof cpeSearchResultSchema>;

export const bridgeConfigViewSchema = z.object({
  ...configDocumentMeta,
  settings: bridgeSettingsSchema,
  device: wirelessDeviceRefSchema,
  status: cpeStatusSchema,
  /** The latest Wi-Fi search of this device (the uplink must be one of its networks), or null. */
  lastSearch: cpeSearchResultSchema.nullable(),
});
export type BridgeConfigView = z.infer<typeof bridgeConfigViewSchema>;

export const cpeModeRequestSchema = z.object({ mode: z.enum(CPE_MODES) });
export const cpeSearchRequestSchema = z.object({
  band: z.enum(['2.4G', '5G', '6G']).optional(),
  /** How long the device listens, ms (default and most: §9's 30 s; a device may answer sooner). */
  durationMs: z.number().int().min(WIFI_SEARCH_MIN_MS).max(WIFI_SEARCH_MS).optional(),
});
