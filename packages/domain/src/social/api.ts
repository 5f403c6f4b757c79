import { z } from 'zod';
import { loginRequestSchema } from '../api/auth';
import { endpoint } from '../api/endpoint';
import { emptySchema } from '../api/envelope';
import { REMEMBER_ME_MAX_SECONDS } from '../limits';
import { emailCodeSchema, emailSchema } from '../validation/account';
import { socialProviderIdSchema, socialProviderSchema } from './rules';

export const socialProvidersResponseSchema = z.object({ providers: z.array(socialProviderSchema) });
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponseSchema>;

export const socialProviderParamsSchema = z.object({ provider: socialProviderIdSchema });

/** Starting a sign-in: how long the session cookie is kept once signed in (0: until the browser closes). */
export const socialStartQuerySchema = z.object({
  remember: z.coerce.number().int().min(0).max(REMEMBER_ME_MAX_SECONDS).default(0),
});

/** The identity waiting to be bound (its provider, and what the provider said of it). */
export const socialPendingResponseSchema = z.object({
  provider: socialProviderSchema,
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type SocialPending = z.infer<typeof socialPendingResponseSchema>;

/**
 * Binding the waiting identity to an existing account: its credentials, as at sign-in (e-mail or
 * mobile and password, or mobile and SMS code). The session opened is always the browser's (the
 * social sign-in is a browser flow): `client` is ignored.
 */
export const socialBindRequestSchema = loginRequestSchema;
export type SocialBindRequest = z.input<typeof socialBindRequestSchema>;

/** Registering a new account for the waiting identity: an e-mail proved by a code (purpose register). */
export const socialRegisterRequestSchema = z.object({
  email: emailSchema,
  code: emailCodeSchema,
  rememberSeconds: z.number().int().min(0).max(REMEMBER_ME_MAX_SECONDS).default(0),
});
export type SocialRegisterRequest = z.input<typeof socialRegisterRequestSchema>;

export const socialBindingSchema = z.object({
  /** What the provider called the identity when it was bound (its name or e-mail), if anything. */
  name: z.string().nullable(),
  boundAt: z.string(),
});
export const socialBindingsResponseSchema = z.object({
  providers: z.array(socialProviderSchema.extend({ binding: socialBindingSchema.nullable() })),
  /** The account has a password or a mobile number: it signs in without any social binding. */
  otherSignIn: z.boolean(),
});
export type SocialBindings = z.infer<typeof socialBindingsResponseSchema>;

const tag = 'social';

/**
 * `/api/social/…`. The start, link and callback routes are browser navigations: they answer with a
 * redirect (302), never JSON, so their response is declared as a `file`.
 */
export const socialEndpoints = {
  providers: endpoint({
    method: 'GET',
    path: '/api/social/providers',
    summary: 'The configured OpenID providers (id and button label); empty when none is configured',
    tag,
    auth: 'public',
    response: socialProvidersResponseSchema,
  }),
  start: endpoint({
    method: 'GET',
    path: '/api/social/providers/:provider/start',
    summary:
      'Start signing in with a provider: 302 to its authorisation page (code + PKCE, state, nonce); 163 unknown provider, 162 provider unreachable (as ?reason= on /login)',
    tag,
    auth: 'public',
    params: socialProviderParamsSchema,
    query: socialStartQuerySchema,
    response: 'file',
  }),
  link: endpoint({
    method: 'GET',
    path: '/api/social/providers/:provider/link',
    summary: "Bind a provider's identity to the signed-in account: 302 to its authorisation page",
    tag,
    auth: 'session',
    params: socialProviderParamsSchema,
    response: 'file',
  }),
  callback: endpoint({
    method: 'GET',
    path: '/api/social/providers/:provider/callback',
    summary:
      "The provider's redirect back: signs in (302 /), asks to bind a new identity (302 /login/social), or 302 /login?reason= 142, 159, 162, 163 (/account?reason= 138, 158 when binding from the account)",
    tag,
    auth: 'public',
    params: socialProviderParamsSchema,
    response: 'file',
  }),
  pending: endpoint({
    method: 'GET',
    path: '/api/social/pending',
    summary: 'The new identity waiting to be bound in this browser (139 none, 159 expired)',
    tag,
    auth: 'public',
    response: socialPendingResponseSchema,
  }),
  bind: endpoint({
    method: 'POST',
    path: '/api/social/pending/bind',
    summary:
      'Bind the waiting identity to an account proved by its password or SMS code, and sign in (4, 12, 75, 80, 138, 139, 158, 159)',
    tag,
    auth: 'public',
    body: socialBindRequestSchema,
    response: emptySchema,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/social/pending/register',
    summary:
      'Register a new account (e-mail proved by a register code) for the waiting identity, and sign in (12, 13, 75, 139, 159)',
    tag,
    auth: 'public',
    body: socialRegisterRequestSchema,
    response: emptySchema,
  }),
  bindings: endpoint({
    method: 'GET',
    path: '/api/social/bindings',
    summary: "The configured providers and the signed-in account's binding to each",
    tag,
    auth: 'session',
    response: socialBindingsResponseSchema,
  }),
  unbind: endpoint({
    method: 'DELETE',
    path: '/api/social/bindings/:provider',
    summary: 'Unbind a provider from the signed-in account (160 not bound, 161 last way to sign in)',
    tag,
    auth: 'session',
    params: socialProviderParamsSchema,
    response: emptySchema,
  }),
};
