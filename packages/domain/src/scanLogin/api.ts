/**
 * The HTTP contract of scan-to-login. The desktop (not signed in) asks for a ticket and follows it
 * under `/api/auth/scan/…`, bound to its browser by the httpOnly cookie the creation sets; the phone
 * (signed in: the console's phone page, or an app with its bearer token) opens, confirms or refuses
 * it under `/api/scan-login/…`. Codes: 3101 incorrect (unknown ticket or another browser), 3102
 * already used (or taken by another account), 3103 expired, 540 refused, 541 not yet confirmed.
 */
import { z } from 'zod';
import { loginResponseSchema } from '../api/auth';
import { endpoint } from '../api/endpoint';
import { SCAN_BROWSER_MAX_LENGTH } from '../limits';
import { SCAN_TICKET_STATES } from './states';

/** The ticket as the QR link carries it: an opaque URL-safe token. */
export const scanTicketParamsSchema = z.object({
  ticket: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'The login authorisation code is incorrect.'),
});

/** The phone page's path in the console; the QR code encodes it as an absolute URL. */
export const SCAN_PHONE_PATH = '/scan/:ticket';
export function scanPhonePath(ticket: string): string {
  return SCAN_PHONE_PATH.replace(':ticket', encodeURIComponent(ticket));
}

/** Cookie binding a ticket to the browser that showed it (httpOnly; its secret is stored hashed). */
export const SCAN_BROWSER_COOKIE = 'nl_scan';

// ── Desktop ────────────────────────────────────────────────────────────────────────────────────
export const scanTicketCreatedSchema = z.object({
  ticket: z.string(),
  /** The absolute URL of the phone page (what the QR code encodes). */
  link: z.string(),
  /** The QR code of `link` as an SVG document, drawn by the server. */
  qrSvg: z.string(),
  expiresAt: z.string(),
  lifetimeSeconds: z.number().int(),
});
export type ScanTicketCreated = z.infer<typeof scanTicketCreatedSchema>;

export const scanTicketStatusQuerySchema = z.object({
  /** Wait (up to the long-poll time) until the state differs from this one; absent: answer now. */
  known: z.enum(SCAN_TICKET_STATES).optional(),
});
export const scanTicketStatusSchema = z.object({
  state: z.enum(SCAN_TICKET_STATES),
  expiresAt: z.string(),
});
export type ScanTicketStatus = z.infer<typeof scanTicketStatusSchema>;

// ── Phone ──────────────────────────────────────────────────────────────────────────────────────
export const scanTicketViewSchema = z.object({
  state: z.enum(SCAN_TICKET_STATES),
  expiresAt: z.string(),
  /** The browser that shows the code, as it described itself (so the person knows what they approve). */
  browser: z.string().max(SCAN_BROWSER_MAX_LENGTH),
  createdAt: z.string(),
});
export type ScanTicketView = z.infer<typeof scanTicketViewSchema>;

const tag = 'scanLogin';

export const scanLoginEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/auth/scan',
    summary:
      'A scan-to-login ticket and its QR code (SVG); sets the httpOnly nl_scan cookie binding it to this browser. 2010 when asked too often',
    tag,
    auth: 'public',
    response: scanTicketCreatedSchema,
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/auth/scan/:ticket',
    summary:
      "The ticket's state for the browser that showed it (long poll with ?known=<state>): 3101 unknown or another browser",
    tag,
    auth: 'public',
    params: scanTicketParamsSchema,
    query: scanTicketStatusQuerySchema,
    response: scanTicketStatusSchema,
  }),
  redeem: endpoint({
    method: 'POST',
    path: '/api/auth/scan/:ticket/session',
    summary:
      'Sign in with a confirmed ticket (once; cookies nl_session + nl_csrf as a web login): 3101, 3102, 3103, 540 refused, 541 not confirmed',
    tag,
    auth: 'public',
    params: scanTicketParamsSchema,
    response: loginResponseSchema,
  }),
  open: endpoint({
    method: 'POST',
    path: '/api/scan-login/:ticket/scan',
    summary:
      'The phone scanned the code: the ticket becomes this account\'s (the desktop shows "scanned"). 3101, 3102 another account or used, 3103',
    tag,
    auth: 'session',
    params: scanTicketParamsSchema,
    response: scanTicketViewSchema,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/scan-login/:ticket/confirm',
    summary: 'Let the desktop sign in as this account: 3101, 3102, 3103',
    tag,
    auth: 'session',
    params: scanTicketParamsSchema,
    response: scanTicketViewSchema,
  }),
  refuse: endpoint({
    method: 'POST',
    path: '/api/scan-login/:ticket/refuse',
    summary:
      'Refuse the sign-in: the desktop shows "refused" and the ticket can never sign in. 3101, 3102, 3103',
    tag,
    auth: 'session',
    params: scanTicketParamsSchema,
    response: scanTicketViewSchema,
  }),
};
