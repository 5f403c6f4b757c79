/** A switch's port page view (`GET …/devices/:deviceId/config/switching`). */
import { z } from 'zod';
import { configDocumentMeta } from '../config/api';
import { portProfileSchema } from './profiles';
import { switchSettingsSchema } from './settings';

const id = z.number().int();

export const livePortSchema = z.object({
  id: z.number().int(),
  link: z.enum(['up', 'down']),
  speed: z.number().int(),
  duplex: z.enum(['full', 'half']),
  poeOn: z.boolean().nullable(),
  poeWatts: z.number().nullable(),
});
export type LivePort = z.infer<typeof livePortSchema>;

export const PORT_NEIGHBOUR_KINDS = ['device', 'client'] as const;
export const portNeighbourSchema = z.object({
  portId: id,
  kind: z.enum(PORT_NEIGHBOUR_KINDS),
  /** The managed device (kind `device`). */
  deviceId: id.nullable(),
  /** Its name, or the client's name (its MAC when it has none). */
  name: z.string(),
  mac: z.string().nullable(),
  /** The device's model, or null for a client. */
  model: z.string().nullable(),
});
export type PortNeighbour = z.infer<typeof portNeighbourSchema>;

export const switchConfigViewSchema = z.object({
  ...configDocumentMeta,
  settings: switchSettingsSchema,
  device: z.object({
    id,
    sn: z.string(),
    name: z.string(),
    model: z.string(),
    type: z.string(),
    online: z.boolean(),
    /** The port the device's uplink leaves from, when known. */
    uplinkPort: z.number().int().nullable(),
  }),
  /** The model's physical ports (front panel): id, label, role, media, max speed, PoE. */
  ports: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      role: z.string(),
      media: z.string(),
      maxSpeedMbps: z.number().int(),
      poe: z.string(),
      poeMaxWatts: z.number(),
    }),
  ),
  /** Live state per port (empty when offline). */
  live: z.array(livePortSchema),
  /** PoE totals (§9): total budget, used now, remaining. */
  poe: z.object({ totalWatts: z.number(), usedWatts: z.number(), remainingWatts: z.number() }).nullable(),
  /** VLANs of the project a port can carry (VLAN 1 included). */
  projectVlans: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The project's port profiles (the port table names them, the editor applies them), each with a summary. */
  profiles: z.array(portProfileSchema.extend({ summary: z.string() })),
  /**
   * What is plugged into each port now: a managed device whose uplink (LLDP) names this port, or
   * a wired client the switch reports on it.
   */
  neighbours: z.array(portNeighbourSchema),
});
export type SwitchConfigView = z.infer<typeof switchConfigViewSchema>;
