/**
 * The RF settings page's view (`GET …/config/rf`) and a device's radios view
 * (`GET …/devices/:deviceId/config/radio`). Saving `rf` or `radio` while an RF optimisation runs is
 * refused with 27.
 */
import { z } from 'zod';
import { configDocumentMeta, wirelessDeviceRefSchema } from '../config/api';
import { deviceRadioSettingsSchema, rfSettingsSchema } from './settings';

export const rfConfigViewSchema = z.object({
  ...configDocumentMeta,
  settings: rfSettingsSchema,
  /** An RF optimisation is running now (saving is refused with 27). */
  running: z.boolean(),
});
export type RfConfigView = z.infer<typeof rfConfigViewSchema>;

export const radioConfigViewSchema = z.object({
  ...configDocumentMeta,
  settings: deviceRadioSettingsSchema,
  device: wirelessDeviceRefSchema,
  /** The model's radios. */
  radios: z.array(
    z.object({
      band: z.string(),
      standard: z.string(),
      streams: z.number().int(),
      maxTxPowerDbm: z.number(),
    }),
  ),
  /** What each radio runs now (empty when offline). */
  live: z.array(
    z.object({
      band: z.string(),
      channel: z.number().int(),
      width: z.number().int().nullable(),
      txPower: z.number(),
      clients: z.number().int(),
    }),
  ),
  /** An RF optimisation is running now (saving is refused with 27). */
  rfRunning: z.boolean(),
});
export type RadioConfigView = z.infer<typeof radioConfigViewSchema>;
