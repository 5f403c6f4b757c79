/**
 * Personal API key endpoints (issue 14 §6): list, create (the secret is in the answer once and never
 * again: only its SHA-256 is stored) and revoke. Callers send the key as `Authorization: Bearer
 * nlk_…` or `X-Netloom-API-Key: nlk_…` to any `/api/…` route; see docs/api.md.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { emptySchema } from '../api/envelope';
import { dbIdSchema } from '../api/params';
import { API_KEY_PROJECTS_MAX } from '../limits';
import { API_KEY_SCOPES, apiKeyExpirySchema, apiKeyNameSchema } from './rules';

/** The projects a key is limited to (the form's picker checks the same). */
export const apiKeyProjectIdsSchema = z
  .array(dbIdSchema)
  .min(1, 'Choose at least one project, or all projects.')
  .max(API_KEY_PROJECTS_MAX, `At most ${API_KEY_PROJECTS_MAX} projects.`)
  .refine((ids) => new Set(ids).size === ids.length, 'A project is listed twice.');

/** Where the server serves the browsable OpenAPI reference (and `${API_DOCS_PATH}/json`). */
export const API_DOCS_PATH = '/api/docs';

export const apiKeyCreateSchema = z.object({
  name: apiKeyNameSchema,
  scope: z.enum(API_KEY_SCOPES),
  /** null: every project of the account, now and later; else only these (each must be the account's). */
  projectIds: apiKeyProjectIdsSchema.nullable(),
  /** Days until it expires (one of `API_KEY_EXPIRY_DAYS`), or null: never. */
  expiresInDays: apiKeyExpirySchema,
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const apiKeyViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters (`nlk_` and 8 more), to recognise it. */
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  projectIds: z.array(z.number().int()).nullable(),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  expired: z.boolean(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const apiKeyCreatedSchema = z.object({
  key: apiKeyViewSchema,
  /** The whole key: shown this once, never stored. */
  secret: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeyViewSchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const apiKeyParamsSchema = z.object({ keyId: dbIdSchema });

const tag = 'apiKeys';

export const apiKeyEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/account/api-keys',
    summary: "The account's API keys with when each was last used (never their secrets)",
    tag,
    auth: 'session',
    response: apiKeyListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/account/api-keys',
    summary:
      'Create an API key; its secret is in this answer only (580 at the key limit, 73 a project not yours)',
    tag,
    auth: 'session',
    body: apiKeyCreateSchema,
    response: apiKeyCreatedSchema,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/account/api-keys/:keyId',
    summary: 'Revoke an API key: it stops working at once (412 when it is not yours)',
    tag,
    auth: 'session',
    params: apiKeyParamsSchema,
    response: emptySchema,
  }),
} as const;
