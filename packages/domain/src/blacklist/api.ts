/**
 * The blacklist's view (`GET …/config/blacklist`) and its actions: block one client
 * (`POST …/config/blacklist/entries`) and unblock one (`DELETE …/config/blacklist/entries/:mac`).
 * Each action is a save of the `blacklist` document through the configuration engine.
 */
import { z } from 'zod';
import { clientMacParamSchema } from '../api/clients';
import { projectParamsSchema } from '../api/params';
import { configDocumentMeta } from '../config/api';
import { optionalTextSchema } from '../validation/text';
import { BLACKLIST_NAME_RULES, blacklistSettingsSchema } from './settings';

export const blacklistViewSchema = z.object({
  ...configDocumentMeta,
  settings: blacklistSettingsSchema,
  /** The most entries the blacklist holds (§8 156). */
  max: z.number().int(),
});
export type BlacklistView = z.infer<typeof blacklistViewSchema>;

/** Block a client: its MAC and, optionally, a name for people. */
export const blockClientBodySchema = z.object({
  mac: clientMacParamSchema,
  name: optionalTextSchema(BLACKLIST_NAME_RULES).default(''),
});
export type BlockClientBody = z.input<typeof blockClientBodySchema>;

/** `…/config/blacklist/entries/:mac` */
export const blacklistEntryParamsSchema = projectParamsSchema.extend({ mac: clientMacParamSchema });
