/**
 * Per-account preferences (table columns, shrink, page size…): values the web keeps for the
 * signed-in account under `/api/account/preferences/:key`, so they follow it from browser to browser.
 * The server stores them and does not interpret them.
 */
import { z } from 'zod';
import { DEFAULT_DEVICE_PAGE_SIZE, MAX_DEVICE_PAGE_SIZE, PREFERENCE_KEY_MAX_LENGTH } from '../limits';
import { endpoint } from './endpoint';
import { emptySchema } from './envelope';

const KEY_CHARS = 'A-Za-z0-9:._-';

/** Keys like `table:devices:ap`: letters, digits and `:._-`, at most PREFERENCE_KEY_MAX_LENGTH. */
export const preferenceKeySchema = z
  .string()
  .regex(
    new RegExp(`^[A-Za-z0-9][${KEY_CHARS}]{0,${PREFERENCE_KEY_MAX_LENGTH - 1}}$`),
    `A preference key is 1–${PREFERENCE_KEY_MAX_LENGTH} letters, digits or : . _ -`,
  );
export const preferencePutSchema = z.object({ value: z.json() });
export const preferenceSchema = z.object({
  key: z.string(),
  /** null when nothing is stored under the key. */
  value: z.json().nullable(),
  updatedAt: z.string().nullable(),
});
export type Preference = z.infer<typeof preferenceSchema>;

/** `GET /api/account/preferences?prefix=table:`: the account's preferences whose key starts so. */
export const preferenceListQuerySchema = z.object({
  prefix: z
    .string()
    .max(PREFERENCE_KEY_MAX_LENGTH)
    .regex(new RegExp(`^[${KEY_CHARS}]*$`))
    .default(''),
});
export const preferenceListSchema = z.object({ items: z.array(preferenceSchema) });
export type PreferenceList = z.infer<typeof preferenceListSchema>;

/** `…/preferences/:key` */
export const preferenceParamsSchema = z.object({ key: preferenceKeySchema });

/** What the web stores under `table:<table>:<tab>` (parsed with defaults, so old values still read). */
export const tablePreferenceSchema = z.object({
  hiddenColumns: z.array(z.string()).default([]),
  shrink: z.boolean().default(false),
  pageSize: z.number().int().min(1).max(MAX_DEVICE_PAGE_SIZE).default(DEFAULT_DEVICE_PAGE_SIZE),
});
export type TablePreference = z.infer<typeof tablePreferenceSchema>;

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────

const tag = 'account';
const path = '/api/account/preferences';

export const preferenceEndpoints = {
  list: endpoint({
    method: 'GET',
    path,
    summary: 'My preferences (?prefix=table:)',
    tag,
    auth: 'session',
    query: preferenceListQuerySchema,
    response: preferenceListSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: `${path}/:key`,
    summary: 'One preference (value null when never set)',
    tag,
    auth: 'session',
    params: preferenceParamsSchema,
    response: preferenceSchema,
  }),
  put: endpoint({
    method: 'PUT',
    path: `${path}/:key`,
    summary: 'Store a preference (JSON value ≤ 16 KB)',
    tag,
    auth: 'session',
    params: preferenceParamsSchema,
    body: preferencePutSchema,
    response: preferenceSchema,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: `${path}/:key`,
    summary: 'Forget a preference',
    tag,
    auth: 'session',
    params: preferenceParamsSchema,
    response: emptySchema,
  }),
};
