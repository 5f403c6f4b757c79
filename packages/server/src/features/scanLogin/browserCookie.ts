import {
  SCAN_BROWSER_COOKIE,
  SCAN_REDEEM_WINDOW_SECONDS,
  SCAN_TICKET_LIFETIME_SECONDS,
  scanLoginEndpoints,
} from '@netloom/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The cookie goes only to the desktop's scan routes (`/api/auth/scan…`), never to other requests.
const COOKIE_PATH = scanLoginEndpoints.create.path;
// A secret is 32 random bytes in base64url; anything else is ignored (a new one is made).
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The browser secret this request carries, if it looks like one. */
export function browserSecretOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[SCAN_BROWSER_COOKIE];
  return value && SECRET.test(value) ? value : undefined;
}

/**
 * Binds tickets to the browser that shows them: httpOnly (no script reads it), SameSite=Strict (no
 * other site's request carries it), Secure over HTTPS, kept as long as a ticket can be redeemed.
 */
export function setBrowserCookie(reply: FastifyReply, secret: string, alwaysSecure: boolean): void {
  reply.setCookie(SCAN_BROWSER_COOKIE, secret, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: alwaysSecure || reply.request.protocol === 'https',
    maxAge: SCAN_TICKET_LIFETIME_SECONDS + SCAN_REDEEM_WINDOW_SECONDS,
  });
}

/** Signed in: the browser's binding has served its purpose. */
export function clearBrowserCookie(reply: FastifyReply): void {
  reply.clearCookie(SCAN_BROWSER_COOKIE, { path: COOKIE_PATH });
}
