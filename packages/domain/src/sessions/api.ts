/**
 * The account's sessions (issue 14 §5): the browsers and clients signed in to the account, signing
 * any of them out, and the "one active session" option — with it on, a new sign-in ends every other
 * session, which is told so with §8 code 69 at its next request or over the live channel.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { emptySchema } from '../api/envelope';
import { dbIdSchema } from '../api/params';
import { ACCESS_TYPES } from '../enums/account';

/** One signed-in session as My account lists it. */
export const sessionViewSchema = z.object({
  id: z.number().int(),
  /** The access type it signed in with (§1: web, openapi, app). */
  client: z.enum(ACCESS_TYPES),
  /** From the user agent (`describeUserAgent`). */
  browser: z.string(),
  device: z.string(),
  deviceKind: z.enum(['desktop', 'mobile']),
  /** The address it signed in from (as the server saw it, behind TRUST_PROXY). */
  ip: z.string().nullable(),
  /** ISO 8601. */
  signedInAt: z.string(),
  /** ISO 8601; written at most once a minute, so "now" within a minute. */
  lastActiveAt: z.string(),
  /** The session of the request itself ("this device"). */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

export const sessionPolicySchema = z.object({
  /** A new sign-in ends every other session of the account (they are told 69). */
  oneSession: z.boolean(),
});
export type SessionPolicy = z.infer<typeof sessionPolicySchema>;

export const sessionListSchema = sessionPolicySchema.extend({
  /** Newest sign-in first; the current one among them. */
  sessions: z.array(sessionViewSchema),
});
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionParamsSchema = z.object({ sessionId: dbIdSchema });

export const signedOutSchema = z.object({ signedOut: z.number().int() });

const tag = 'sessions';

export const sessionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/account/sessions',
    summary:
      "The account's active sessions (device, browser, IP, signed in, last active) and its session policy",
    tag,
    auth: 'session',
    response: sessionListSchema,
  }),
  setPolicy: endpoint({
    method: 'PUT',
    path: '/api/account/sessions/policy',
    summary: 'Turn "one active session" on or off (on: a new sign-in ends the others, which get 69)',
    tag,
    auth: 'session',
    body: sessionPolicySchema,
    response: sessionPolicySchema,
  }),
  signOut: endpoint({
    method: 'DELETE',
    path: '/api/account/sessions/:sessionId',
    summary: 'Sign one session of the account out (412 when it is not one of them)',
    tag,
    auth: 'session',
    params: sessionParamsSchema,
    response: emptySchema,
  }),
  signOutOthers: endpoint({
    method: 'POST',
    path: '/api/account/sessions/sign-out-others',
    summary: 'Sign out every session of the account but this one',
    tag,
    auth: 'session',
    response: signedOutSchema,
  }),
} as const;
