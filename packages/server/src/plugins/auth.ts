import {
  type AccessType,
  API_KEY_HEADER,
  API_KEY_PREFIX,
  type ApiKeyGrant,
  apiKeyRefusal,
  ERR,
  LIVE_BEARER_PREFIX,
} from '@netloom/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** How a request carried its token: the cookie needs a CSRF check on unsafe methods, a bearer does not. */
export type TokenSource = 'cookie' | 'bearer';

/** A signed-in session, as routes see it. */
export interface ActiveSession {
  id: number;
  accountId: number;
  /** The access type the session was opened with (§1, §2: it decides which menu items it may use). */
  client: AccessType;
  /** Set when an API key, not a session, authenticated the request (issue 14 §6): its limits. */
  apiKey?: ApiKeyGrant;
  /** When the session was opened (a sign-in), epoch ms; not set for an API key. */
  openedAt?: number;
}

/**
 * What this plugin asks of the API keys' owner: the key's owner as a session (with its grant), or
 * how long to wait when the key is over its rate (429, Retry-After), or a thrown 401.
 */
export interface KeyResolver {
  resolve(key: string, ip: string): Promise<{ session: ActiveSession } | { retryAfterSeconds: number }>;
}

/**
 * What this plugin asks of the sessions' owner (the auth feature answers; this plugin knows no
 * feature): the session of a token, or a thrown AppError — 401 unknown or expired, 70 ended by a
 * password change, 403 a cookie session's unsafe request without its CSRF token.
 */
export interface SessionResolver {
  resolve(
    token: string,
    source: TokenSource,
    unsafeMethod: boolean,
    csrfHeader: string | undefined,
  ): Promise<ActiveSession>;
}

export const SESSION_COOKIE = 'nl_session';
export const CSRF_COOKIE = 'nl_csrf';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, set by `app.requireSession`. */
    auth: ActiveSession | null;
  }
  interface FastifyInstance {
    /** preHandler: resolves the session (401 / 70) and checks CSRF for cookie sessions (403). */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const KEY_HEADER = API_KEY_HEADER.toLowerCase();

/** The API key a request carries (`X-Netloom-API-Key`, or a bearer token of the key's form). */
export function apiKeyOf(request: FastifyRequest): string | null {
  const own = request.headers[KEY_HEADER];
  if (typeof own === 'string' && own.length > 0) return own.trim();
  const header = request.headers.authorization;
  if (header?.startsWith(`Bearer ${API_KEY_PREFIX}`)) return header.slice('Bearer '.length).trim();
  return null;
}

function tokenOf(request: FastifyRequest): { token: string; source: TokenSource } | null {
  const header = request.headers.authorization;
  // Bearer wins: a header cannot be forged cross-site, so it needs no CSRF token.
  if (header?.startsWith('Bearer '))
    return { token: header.slice('Bearer '.length).trim(), source: 'bearer' };
  const offered = webSocketBearer(request.headers['sec-websocket-protocol']);
  if (offered) return { token: offered, source: 'bearer' };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, source: 'cookie' } : null;
}

/**
 * A bearer token offered as a WebSocket subprotocol (`netloom.bearer.<token>`; see
 * LIVE_BEARER_PREFIX): browsers cannot send an Authorization header on a WebSocket.
 */
export function webSocketBearer(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  for (const p of header.split(',')) {
    const v = p.trim();
    if (v.startsWith(LIVE_BEARER_PREFIX) && v.length > LIVE_BEARER_PREFIX.length)
      return v.slice(LIVE_BEARER_PREFIX.length);
  }
  return null;
}

/** The current session; only valid behind `app.requireSession`. */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.auth) throw new AppError(ERR.NOT_SIGNED_IN);
  return request.auth;
}

export interface AuthPluginOptions {
  sessions: SessionResolver;
  /** API keys (the apiKeys feature); without it a key is an unknown bearer token (401). */
  keys?: KeyResolver;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  app.decorateRequest('auth', null);
  // A request with an API key never gets a session (issue 14 §6): no cookie is ever set on its
  // answer, and the sign-in routes (which open one) refuse it.
  app.addHook('preValidation', async (request) => {
    const endpoint = request.routeOptions.config?.endpoint;
    if (endpoint?.auth === 'public' && apiKeyOf(request) !== null && endpoint.tag === 'auth')
      throw new AppError(ERR.NO_PERMISSION);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (apiKeyOf(request) !== null) reply.removeHeader('set-cookie');
    return payload;
  });
  app.decorate('requireSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = apiKeyOf(request);
    if (key !== null) {
      if (!opts.keys) throw new AppError(ERR.NOT_SIGNED_IN);
      request.auth = await resolveKey(opts.keys, request, reply, key);
      return;
    }
    const found = tokenOf(request);
    if (!found) throw new AppError(ERR.NOT_SIGNED_IN);
    const csrf = request.headers[CSRF_HEADER];
    request.auth = await opts.sessions.resolve(
      found.token,
      found.source,
      !SAFE_METHODS.has(request.method),
      typeof csrf === 'string' ? csrf : undefined,
    );
  });
});

/** A key's owner as the request's session, after its rate and its limits (403 beyond them). */
async function resolveKey(
  keys: KeyResolver,
  request: FastifyRequest,
  reply: FastifyReply | undefined,
  key: string,
): Promise<ActiveSession> {
  const found = await keys.resolve(key, request.ip);
  if ('retryAfterSeconds' in found) {
    // The live channel re-checks its session without a reply: the refusal alone is enough there.
    if (reply) reply.header('retry-after', String(found.retryAfterSeconds));
    throw new AppError(ERR.REPEATED_CLICK, 429);
  }
  const grant = found.session.apiKey;
  if (grant && apiKeyRefusal(grant, request.method, request.routeOptions.config.endpoint) !== null)
    throw new AppError(ERR.NO_PERMISSION);
  return found.session;
}
