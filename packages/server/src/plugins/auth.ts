import { type AccessType, ERR, LIVE_BEARER_PREFIX } from '@netloom/domain';
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

export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionResolver }) => {
  app.decorateRequest('auth', null);
  app.decorate('requireSession', async (request: FastifyRequest) => {
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
