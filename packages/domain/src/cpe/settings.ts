/** The `bridge` settings document of a CPE (issue 5 §3). Shape and factory settings only. */
import { z } from 'zod';
import { type ProjectDocuments, savedByDevice } from '../config/kind';
import {
  BRIDGE_NAME_MAX_LENGTH,
  SETTINGS_TEXT_MAX_LENGTH,
  WIFI_CHANNEL_MAX,
  WIFI_PASSWORD_HEX_LENGTH,
} from '../limits';

/**
 * A CPE bridge's settings (`bridge`, device-level): its bridge name, the management Wi-Fi a person
 * joins to reach it on site, and — in client mode — the uplink network it bridges to (picked from a
 * Wi-Fi search).
 */
export const bridgeSettingsSchema = z.object({
  bridgeName: z.string().max(BRIDGE_NAME_MAX_LENGTH),
  mgmtSsid: z.string().max(SETTINGS_TEXT_MAX_LENGTH),
  mgmtPassword: z.string().max(WIFI_PASSWORD_HEX_LENGTH),
  uplink: z
    .object({
      ssid: z.string().max(SETTINGS_TEXT_MAX_LENGTH),
      bssid: z.string().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/),
      channel: z.int().min(1).max(WIFI_CHANNEL_MAX),
      password: z.string().max(WIFI_PASSWORD_HEX_LENGTH),
    })
    .nullable(),
});
export type BridgeSettings = z.infer<typeof bridgeSettingsSchema>;

/** A CPE bridge before anyone set it: named after the device, no management Wi-Fi, no uplink. */
export function defaultBridgeSettings(deviceName: string): BridgeSettings {
  return {
    bridgeName: deviceName.slice(0, BRIDGE_NAME_MAX_LENGTH),
    mgmtSsid: '',
    mgmtPassword: '',
    uplink: null,
  };
}

/** The saved `bridge` documents of the project's CPEs, by device id. */
export function savedBridges(docs: ProjectDocuments): Map<number, BridgeSettings> {
  return savedByDevice(docs, 'bridge') as Map<number, BridgeSettings>;
}
