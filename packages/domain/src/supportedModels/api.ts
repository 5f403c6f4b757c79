/**
 * The supported-models endpoint (issue 15 §2): every catalogue model with its picture, type, ports,
 * radios, PoE and latest firmware — the newest firmware file uploaded for the model if any (its
 * upload day is its release date), else the catalogue's newest and its release date. Any signed-in
 * account; searched by text and filtered by type.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { SEARCH_TEXT_MAX_LENGTH } from '../limits';
import { MODEL_KINDS } from '../models/types';
import { MODEL_PICTURES } from './rules';

/** `GET /api/models?q=&kind=` */
export const supportedModelsQuerySchema = z.object({
  q: z.string().max(SEARCH_TEXT_MAX_LENGTH).optional(),
  kind: z.enum(MODEL_KINDS).optional(),
});
export type SupportedModelsQuery = z.input<typeof supportedModelsQuerySchema>;

export const supportedModelSchema = z.object({
  model: z.string(),
  name: z.string(),
  kind: z.enum(MODEL_KINDS),
  kindLabel: z.string(),
  picture: z.enum(MODEL_PICTURES),
  hardwareVersion: z.string(),
  portCount: z.number().int(),
  /** "8 × 1G, 2 × SFP+ 10G". */
  ports: z.string(),
  /** "2.4G Wi-Fi 6 2×2 · 5G Wi-Fi 6 2×2"; '' without radios. */
  radios: z.string(),
  /** Ports that power devices (PoE out). */
  poePorts: z.number().int(),
  /** Total PoE budget in W (0: none). */
  poeBudgetWatts: z.number(),
  /** Powered by PoE itself (a PoE-in port). */
  poePowered: z.boolean(),
  latestFirmware: z.string(),
  /** `YYYY-MM-DD`. */
  releasedOn: z.string(),
  /** Where the latest firmware comes from: an uploaded firmware file, or the catalogue. */
  firmwareSource: z.enum(['upload', 'catalogue']),
});
export type SupportedModel = z.infer<typeof supportedModelSchema>;

export const supportedModelListSchema = z.object({
  /** Every model of the catalogue (before the search), for the page's counts. */
  total: z.number().int(),
  items: z.array(supportedModelSchema),
});
export type SupportedModelList = z.infer<typeof supportedModelListSchema>;

export const supportedModelsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/models',
    summary: 'Supported cloud-version models with picture, ports, radios, PoE and latest firmware',
    tag: 'models',
    auth: 'session',
    query: supportedModelsQuerySchema,
    response: supportedModelListSchema,
  }),
};
