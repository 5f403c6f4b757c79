/**
 * The port profiles page's contract (issue 10 §4): the view (profiles, which ports follow each,
 * the project's switches to apply them to, VLANs, suggestions), applying a profile to ports of one
 * or several switches (or detaching them), and deleting a profile (its ports are detached first).
 */
import { z } from 'zod';
import { configDocumentMeta, deliveryReportSchema } from '../config/api';
import { DEVICE_MAX_PORTS, PROFILE_APPLY_MAX_SWITCHES } from '../limits';
import { portProfileIdSchema, portProfileSchema, portProfilesSettingsSchema } from './profiles';

const id = z.number().int();
const portIdSchema = z.int().min(1).max(DEVICE_MAX_PORTS);

/** A switch of the project as the profile pages show it (names in usage, the apply picker). */
export const profileSwitchSchema = z.object({
  id,
  name: z.string(),
  model: z.string(),
  online: z.boolean(),
  /** Its uplink port (the apply picker marks it), when known. */
  uplinkPort: id.nullable(),
  /** Its LAN ports: id, label, PoE output or none. */
  ports: z.array(z.object({ id, label: z.string(), poe: z.boolean() })),
});
export type ProfileSwitch = z.infer<typeof profileSwitchSchema>;

export const portProfilesViewSchema = z.object({
  ...configDocumentMeta,
  settings: portProfilesSettingsSchema,
  /** The ports that follow each profile (profiles no port follows are absent). */
  usage: z.array(z.object({ profileId: z.string(), ports: z.array(z.object({ deviceId: id, portId: id })) })),
  switches: z.array(profileSwitchSchema),
  /** VLANs of the project a profile may use (VLAN 1 included). */
  projectVlans: z.array(z.object({ id, name: z.string() })),
  /** Built-in profiles not created yet, offered as a one-click create. */
  suggestions: z.array(z.object({ key: z.string(), profile: portProfileSchema.omit({ id: true }) })),
});
export type PortProfilesView = z.infer<typeof portProfilesViewSchema>;

/** Apply a profile to ports (or detach them: `profileId` null, the ports keep their settings). */
export const applyProfileRequestSchema = z.object({
  profileId: portProfileIdSchema.nullable(),
  targets: z
    .array(
      z.object({
        deviceId: id.positive(),
        ports: z.array(portIdSchema).min(1).max(DEVICE_MAX_PORTS),
      }),
    )
    .min(1)
    .max(PROFILE_APPLY_MAX_SWITCHES),
});
export type ApplyProfileRequest = z.infer<typeof applyProfileRequestSchema>;

/** What an apply did, per switch: the new version, its delivery, ports that could not take PoE. */
export const applyProfileResultSchema = z.object({
  switches: z.array(
    z.object({
      deviceId: id,
      name: z.string(),
      ports: z.array(id),
      version: id,
      /** Ports without PoE output: the profile's PoE was skipped there. */
      poeSkipped: z.array(id),
      delivery: deliveryReportSchema,
    }),
  ),
});
export type ApplyProfileResult = z.infer<typeof applyProfileResultSchema>;

/** `DELETE …/port-profiles/:profileId?baseVersion=`: the version the page showed. */
export const deleteProfileQuerySchema = z.object({ baseVersion: z.coerce.number().int().min(0) });

export const deleteProfileResultSchema = z.object({
  /** The new version of the profiles document. */
  version: id,
  /** The ports that were following it, per switch: they keep their settings. */
  detached: z.array(z.object({ deviceId: id, name: z.string(), ports: z.array(id) })),
});
export type DeleteProfileResult = z.infer<typeof deleteProfileResultSchema>;
