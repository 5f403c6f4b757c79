import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../plugins/auth';
import type { NewSession, SignInOrigin } from './sessions';

/** Where a sign-in request came from: its user agent and address (behind TRUST_PROXY, the client's). */
export function originOf(request: FastifyRequest): SignInOrigin {
  const ua = request.headers['user-agent'];
  return { userAgent: typeof ua === 'string' && ua.length > 0 ? ua : null, ip: request.ip || null };
}

/**
 * The web session's cookies: nl_session is httpOnly; nl_csrf is readable by the page, which echoes
 * it in X-CSRF-Token. rememberSeconds > 0 → Max-Age; 0 → session cookies that end with the browser
 * (§6, §9). Secure when `alwaysSecure` (COOKIE_SECURE) or when the sign-in came over HTTPS: Fastify's
 * `request.protocol` is `https` on a TLS socket, or from X-Forwarded-Proto sent by a proxy TRUST_PROXY
 * trusts (from anyone else the header is ignored).
 */
export function setSessionCookies(
  reply: FastifyReply,
  session: NewSession,
  rememberSeconds: number,
  alwaysSecure: boolean,
): void {
  const secure = alwaysSecure || reply.request.protocol === 'https';
  const base = { path: '/', sameSite: 'lax' as const, secure };
  const maxAge = rememberSeconds > 0 ? { maxAge: rememberSeconds } : {};
  reply.setCookie(SESSION_COOKIE, session.token, { ...base, ...maxAge, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, session.csrf ?? '', { ...base, ...maxAge, httpOnly: false });
}

/** Signing out: both cookies go. */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}
