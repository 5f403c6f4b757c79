/** The wireless policies page's view (`GET …/config/wireless`). */
import { z } from 'zod';
import { configDocumentMeta } from '../config/api';
import { wirelessSettingsSchema } from './settings';

const id = z.number().int();

/** A Wi-Fi device of the project (the "specified devices" picker of a policy). */
export const wifiDeviceSchema = z.object({
  id,
  sn: z.string(),
  name: z.string(),
  model: z.string(),
  /** Model kind: `ap`, `wrouter`, `mesh`. */
  kind: z.string(),
  bands: z.array(z.string()),
  online: z.boolean(),
});
export type WifiDevice = z.infer<typeof wifiDeviceSchema>;

export const wirelessConfigViewSchema = z.object({
  ...configDocumentMeta,
  settings: wirelessSettingsSchema,
  devices: z.array(wifiDeviceSchema),
  /**
   * The CPE bridges' saved uplinks by network name: a policy one of them uses cannot be deleted,
   * switched off or have that network renamed (26) — the form says so before saving.
   */
  bridgeUplinks: z.array(z.object({ deviceId: id, name: z.string(), uplinkSsid: z.string() })).optional(),
});
export type WirelessConfigView = z.infer<typeof wirelessConfigViewSchema>;
