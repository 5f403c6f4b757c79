/**
 * The proxied pages (`/remote/<session id>/…`): plain routes, not domain endpoints — they answer the
 * device's own pages, not the JSON envelope. Every request must come from the sign-in that opened
 * the session (the `nl_session` cookie) AND carry the session's browser token (the path-scoped
 * `nl_remote` cookie, set once from the launch link); anything else gets a small page in plain
 * words: 496 (a guessed or another account's link), 325 (ended: idle, expired, signed out),
 * 401 (not signed in). What passes goes down the tunnel as one `request` frame
 * (docs/protocol.md §7.4) and the device's `response` comes back with the console's cookies and
 * headers kept out both ways and a sandbox policy on top (no script of the device runs under the
 * console's origin). A GET may be a WebSocket upgrade instead: `socketProxy.ts` carries it, after
 * the same checks (`admit`).
 */
import {
  ERR,
  type ErrorCode,
  errorMessage,
  REMOTE_LAUNCH_PARAM,
  REMOTE_PATH_PREFIX,
  REMOTE_SESSION_ID_PATTERN,
  remoteSessionPath,
} from '@netloom/domain';
import {
  TUNNEL_BODY_MAX_BYTES,
  TUNNEL_HEADER_MAX_LENGTH,
  TUNNEL_MAX_HEADERS,
  type TunnelRequest,
} from '@netloom/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../lib/errors';
import { SESSION_COOKIE, type SessionResolver } from '../../plugins/auth';
import { RELAY_HEADER } from './relay';
import type { RemoteService } from './service';
import type { RemoteSessionRecord } from './sessions';

/** The browser token's cookie, scoped to its session's path. */
export const REMOTE_COOKIE = 'nl_remote';
/** Cookies of the console (`nl_…`) never reach a device, and a device may not set them. */
const CONSOLE_COOKIE = /^nl_/;
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'cookie',
  'x-csrf-token',
  'authorization',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  RELAY_HEADER,
]);
/** Headers of a device's answer the console sets itself. */
const RESPONSE_DROPPED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'content-security-policy',
  'x-frame-options',
  'strict-transport-security',
  'set-cookie',
  'location',
]);
/**
 * The device's page shares the console's origin, so it runs sandboxed without scripts: it cannot
 * read the console's cookies or call its API with them. Forms, links, styles and images work.
 */
const PAGE_CSP = [
  'sandbox allow-forms allow-same-origin allow-popups allow-downloads',
  "default-src 'self'",
  "script-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
].join('; ');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export interface ProxyDeps {
  service: RemoteService;
  sessions: Pick<SessionResolver, 'resolve'>;
  now: () => number;
}

/** A GET that is a WebSocket upgrade: its checks before the upgrade, and the socket after (socketProxy.ts). */
export interface SocketHandlers {
  preHandler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  wsHandler: (socket: WebSocket, request: FastifyRequest) => void;
}

export async function remoteProxyRoutes(
  app: FastifyInstance,
  deps: ProxyDeps,
  sockets: SocketHandlers,
): Promise<void> {
  // The device gets the body as it came, whatever its type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: TUNNEL_BODY_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  const schema = { hide: true };
  app.route({
    method: [...METHODS],
    url: `${REMOTE_PATH_PREFIX}:sessionId`,
    schema,
    handler: async (request, reply) => {
      const { sessionId } = request.params as { sessionId: string };
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`${REMOTE_PATH_PREFIX}${encodeURIComponent(sessionId)}/${query}`, 308);
    },
  });
  app.route({
    method: METHODS.filter((m) => m !== 'GET'),
    url: `${REMOTE_PATH_PREFIX}:sessionId/*`,
    schema,
    handler: (request, reply) => serve(deps, request, reply),
  });
  // GET is a page, or the upgrade of a WebSocket of the page (socketProxy.ts).
  app.route({
    method: 'GET',
    url: `${REMOTE_PATH_PREFIX}:sessionId/*`,
    schema,
    preHandler: sockets.preHandler,
    handler: (request, reply) => serve(deps, request, reply),
    wsHandler: sockets.wsHandler,
  });
}

async function serve(deps: ProxyDeps, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const { sessionId } = request.params as { sessionId: string };
  const sessions = deps.service.sessions;
  const valid = REMOTE_SESSION_ID_PATTERN.test(sessionId);
  const s = valid ? sessions.get(sessionId) : undefined;
  const relay = deps.service.relay;
  if (
    !s &&
    valid &&
    relay &&
    sessions.endedOwner(sessionId) === undefined &&
    !relay.relayedProtocol(request)
  ) {
    // Another node may hold it (several nodes behind one entry): it answers, with all its checks.
    const answer = await relay.ask(sessionId, request);
    if (answer === 'timedOut') return refuse(reply, 504, ERR.REMOTE_MGMT_PAGE_FAILED);
    if (answer) {
      for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
      return reply.code(answer.status).send(answer.body);
    }
  }
  const url = new URL(request.url, 'http://device.invalid');
  const launch = url.searchParams.get(REMOTE_LAUNCH_PARAM);
  const refusal = await admit(deps, request, sessionId, s, launch ?? request.cookies[REMOTE_COOKIE]);
  if (refusal || !s)
    return refuse(reply, refusal?.status ?? 404, refusal?.code ?? ERR.REMOTE_MGMT_SESSION_INVALID);
  const base = remoteSessionPath(s.id);
  if (launch !== null) {
    // The launch link: the token moves into a cookie of this session's path, and out of the URL.
    url.searchParams.delete(REMOTE_LAUNCH_PARAM);
    reply.setCookie(REMOTE_COOKIE, launch, {
      path: base,
      httpOnly: true,
      sameSite: 'strict',
      // Through another node, the protocol the browser used there.
      secure: (deps.service.relay?.relayedProtocol(request) ?? request.protocol) === 'https',
    });
    return reply.redirect(`${url.pathname}${url.search}`, 303);
  }
  return forward(s, deps, request, reply, base);
}

async function forward(
  s: RemoteSessionRecord,
  deps: ProxyDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  base: string,
): Promise<unknown> {
  const path = request.url.slice(base.length - 1) || '/';
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  let answer: Awaited<ReturnType<typeof deps.service.sessions.forward>>;
  try {
    answer = await deps.service.sessions.forward(s, {
      method: request.method as TunnelRequest['method'],
      path: path.slice(0, TUNNEL_HEADER_MAX_LENGTH),
      headers: requestHeaders(request),
      body: body.toString('base64'),
    });
  } catch (err) {
    if (err instanceof AppError) return refuse(reply, err.statusCode, err.code);
    throw err;
  }
  s.lastUsedAt = deps.now();
  const setCookies: string[] = [];
  for (const [name, value] of answer.headers) {
    const lower = name.toLowerCase();
    if (lower === 'set-cookie') {
      const cookie = deviceCookie(value, base);
      if (cookie) setCookies.push(cookie);
    } else if (lower === 'location') {
      reply.header(
        'location',
        value.startsWith('/') && !value.startsWith('//') ? `${base}${value.slice(1)}` : value,
      );
    } else if (!RESPONSE_DROPPED.has(lower)) {
      reply.header(lower, value);
    }
  }
  if (setCookies.length > 0) reply.header('set-cookie', setCookies);
  reply.header('content-security-policy', PAGE_CSP);
  reply.header('cache-control', 'no-store');
  return reply.code(answer.status).send(Buffer.from(answer.body, 'base64'));
}

/**
 * The checks every request of a session passes, page or socket (`s` is the session this node holds
 * under `sessionId`, `token` the browser token shown): null when it may pass (the session is then
 * used), else the status and code of the refusal. In order: no session (ended: 410 with 325 to the
 * sign-in that had it; else 404 with 496), not signed in (401), another sign-in (403 with 496), past
 * its idle time or end (410 with 325, and it ends), no or a wrong browser token (403 with 496).
 */
export async function admit(
  deps: ProxyDeps,
  request: FastifyRequest,
  sessionId: string,
  s: RemoteSessionRecord | undefined,
  token: string | undefined,
): Promise<{ status: number; code: ErrorCode } | null> {
  const sessions = deps.service.sessions;
  const signIn = await signedIn(deps, request);
  if (!s) {
    // A session that ended is "expired" to the sign-in that had it; to anyone else it never existed.
    const owner = sessions.endedOwner(sessionId);
    if (owner !== undefined && 'id' in signIn && signIn.id === owner)
      return { status: 410, code: ERR.REMOTE_MGMT_SESSION_EXPIRED };
    return { status: 404, code: ERR.REMOTE_MGMT_SESSION_INVALID };
  }
  if ('refused' in signIn) return { status: 401, code: signIn.refused };
  if (signIn.id !== s.authSessionId) return { status: 403, code: ERR.REMOTE_MGMT_SESSION_INVALID };
  const now = deps.now();
  const stale = sessions.isStale(s, now);
  if (stale) {
    sessions.end(s, stale);
    return { status: 410, code: ERR.REMOTE_MGMT_SESSION_EXPIRED };
  }
  if (!token || !sessions.browserTokenMatches(s, token))
    return { status: 403, code: ERR.REMOTE_MGMT_SESSION_INVALID };
  s.lastUsedAt = now;
  return null;
}

/** The auth session of the request's sign-in, or the code of why there is none. */
async function signedIn(
  deps: ProxyDeps,
  request: FastifyRequest,
): Promise<{ id: number } | { refused: ErrorCode }> {
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return { refused: ERR.NOT_SIGNED_IN };
  try {
    // A safe read for the CSRF rule: an unsafe proxied request is bound by the Strict,
    // path-scoped browser-token cookie instead (a page of another site never sends it).
    return { id: (await deps.sessions.resolve(cookie, 'cookie', false, undefined)).id };
  } catch (err) {
    if (err instanceof AppError) return { refused: err.code };
    throw err;
  }
}

/** The browser's headers the device may see: the console's own and the hop-by-hop ones removed. */
export function requestHeaders(request: FastifyRequest): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (HOP_BY_HOP.has(name) || name.startsWith('sec-websocket-') || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v.length <= TUNNEL_HEADER_MAX_LENGTH && out.length < TUNNEL_MAX_HEADERS) out.push([name, v]);
    }
  }
  // The device's own cookies only.
  const cookies = (request.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c && !CONSOLE_COOKIE.test(c.split('=')[0] ?? ''));
  if (cookies.length > 0 && out.length < TUNNEL_MAX_HEADERS)
    out.push(['cookie', cookies.join('; ').slice(0, TUNNEL_HEADER_MAX_LENGTH)]);
  return out;
}

/** A device's cookie, scoped to its session's path; none named like the console's. */
function deviceCookie(value: string, base: string): string | null {
  const [pair, ...attrs] = value.split(';').map((p) => p.trim());
  const name = pair?.split('=')[0] ?? '';
  if (!pair || !name || CONSOLE_COOKIE.test(name)) return null;
  const kept = attrs.filter((a) => !/^(path|domain)=/i.test(a));
  return [pair, ...kept, `Path=${base}`].join('; ');
}

/** A refusal as a small page in plain words (the browser shows it in the remote tab). */
export function refuse(reply: FastifyReply, status: number, code: ErrorCode | number): FastifyReply {
  const message = errorMessage(code);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Remote management</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f7fa;color:#1f2937;display:flex;justify-content:center;padding-top:12vh;margin:0}
main{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:32px 40px;max-width:480px}
h1{font-size:20px;margin:0 0 12px}p{margin:0 0 8px;line-height:1.5}.code{color:#6b7280;font-size:13px}</style></head>
<body><main><h1>Remote management</h1><p>${escapeHtml(message)}</p><p class="code">Code ${code}</p></main></body></html>`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    )
    .header('cache-control', 'no-store')
    .header('x-netloom-code', String(code))
    .send(html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
