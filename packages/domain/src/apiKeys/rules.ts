/**
 * Personal API keys (issue 14 §6; the openapi access type of §1): what a key may do. A key acts as
 * its owner with the openapi access type and never more: a read-only key changes nothing, a key
 * limited to projects sees no other project (answered like a stranger's, 73), and no key manages
 * the account's credentials (its sessions, keys, password, profile).
 */
import { z } from 'zod';
import type { EndpointSpec } from '../api/endpoint';
import { API_KEY_EXPIRY_DAYS, API_KEY_NAME_MAX_LENGTH } from '../limits';

export const API_KEY_SCOPES = ['read', 'manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = { read: 'Read-only', manage: 'Manage' };
export const API_KEY_SCOPE_HELP: Record<ApiKeyScope, string> = {
  read: 'Reads only: every request that changes something is refused (403).',
  manage: 'Reads and changes whatever your own rights allow on each project.',
};

/** Every key starts so (a bearer token that does not is a session token). */
export const API_KEY_PREFIX = 'nlk_';
/** The header a client may send the key in instead of `Authorization: Bearer`. */
export const API_KEY_HEADER = 'X-Netloom-API-Key';

export type ApiKeyExpiryDays = (typeof API_KEY_EXPIRY_DAYS)[number];

export const apiKeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name for the key.')
  .max(API_KEY_NAME_MAX_LENGTH, `At most ${API_KEY_NAME_MAX_LENGTH} characters.`)
  .regex(/^[^\p{Cc}]*$/u, 'Control characters are not allowed.');

export const apiKeyExpirySchema = z
  .number()
  .int()
  .refine((d) => (API_KEY_EXPIRY_DAYS as readonly number[]).includes(d), {
    message: `Choose ${API_KEY_EXPIRY_DAYS.join(', ')} days or never.`,
  })
  .nullable();

/** What a request authenticated by a key carries: the key's limits. */
export interface ApiKeyGrant {
  id: number;
  scope: ApiKeyScope;
  /** null: every project of the owner. */
  projectIds: readonly number[] | null;
}

/** Why a key may not make a request: read-only scope, a credential route, a route across projects. */
export type ApiKeyRefusal = 'readOnly' | 'notForKeys' | 'projectList';

/** Tags of the account's own credentials and settings: never reachable with a key. */
const ACCOUNT_TAGS: ReadonlySet<string> = new Set(['account', 'auth', 'sessions', 'apiKeys']);
/** Who the key belongs to: the one account route a key may read. */
const WHO_AM_I = 'GET /api/auth/session';
/** Account-wide routes a key limited to projects may use (the project list answers only those). */
const LIMITED_KEY_ROUTES: ReadonlySet<string> = new Set([WHO_AM_I, 'GET /api/projects']);
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a key may make a request: `method` is the request's, `endpoint` the domain endpoint of the
 * route (undefined for routes declared elsewhere — the live WebSocket, remote pages — which keys do
 * not use). Project endpoints are checked for the project list by the project guard itself.
 */
export function apiKeyRefusal(
  grant: ApiKeyGrant,
  method: string,
  endpoint: Pick<EndpointSpec, 'method' | 'path' | 'auth' | 'tag'> | undefined,
): ApiKeyRefusal | null {
  if (!endpoint) return 'notForKeys';
  const name = `${endpoint.method} ${endpoint.path}`;
  if (ACCOUNT_TAGS.has(endpoint.tag) && name !== WHO_AM_I) return 'notForKeys';
  if (grant.scope === 'read' && !SAFE_METHODS.has(method)) return 'readOnly';
  if (grant.projectIds !== null && endpoint.auth === 'session' && !LIMITED_KEY_ROUTES.has(name))
    return 'projectList';
  return null;
}

/** Whether a key limited to projects may reach this one (a key for all projects reaches every one). */
export function apiKeyReaches(grant: ApiKeyGrant, projectId: number): boolean {
  return grant.projectIds === null || grant.projectIds.includes(projectId);
}
