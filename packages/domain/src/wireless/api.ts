/** The wireless policies page's view (`GET …/config/wireless`). */
import { z } from 'zod';
import { configDocumentMeta } from '../config/api';
import { radioBroadcastSchema } from './impact';
import { wirelessSettingsSchema } from './settings';
import { carrierSwitchSchema, uplinkRefSchema } from './vlanCarriage';

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
  /** Its radios as it reported them last: clients and the networks broadcast now (issue 10). */
  radios: z.array(radioBroadcastSchema).optional(),
  /** Its wired uplink (the switch and port it is plugged into), when reported. */
  uplink: uplinkRefSchema.nullable().optional(),
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
  /** The project's VLANs (network settings) a policy may tag its traffic with. */
  vlans: z.array(z.object({ id, name: z.string() })).optional(),
  /** The project's switches with their ports' VLANs: does a policy's VLAN reach its APs? */
  switches: z.array(carrierSwitchSchema).optional(),
});
export type WirelessConfigView = z.infer<typeof wirelessConfigViewSchema>;
