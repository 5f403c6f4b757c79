import { z } from 'zod';
import { STATIC_PAGE_PATHS } from '../experience/staticPages';
import { SOCIAL_PROVIDER_ID_MAX_LENGTH, SOCIAL_PROVIDER_LABEL_MAX_LENGTH } from '../limits';

/**
 * Social sign-in (issue 14 §4, spec §2 "WeChat-style login", "bind-account flow"): an account signs
 * in through an OpenID Connect provider the operator configured. The first time an identity (the
 * provider's `sub`) is seen, it is bound to an existing account (proved by its password or an SMS
 * code) or a new account is registered for it; later sign-ins go straight in.
 */

/** A provider's id: lower-case letters, digits and dashes, as it appears in the sign-in URLs. */
export const socialProviderIdSchema = z
  .string()
  .min(1)
  .max(SOCIAL_PROVIDER_ID_MAX_LENGTH)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lower-case letters, digits and dashes.');

/** A configured provider as the console sees it: never its secret or endpoints. */
export const socialProviderSchema = z.object({
  id: socialProviderIdSchema,
  /** The button's label ("Sign in with …"). */
  label: z.string().min(1).max(SOCIAL_PROVIDER_LABEL_MAX_LENGTH),
});
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/**
 * The console pages the server's sign-in redirects land on (the browser follows them, so the paths
 * are part of the contract between server and web).
 */
export const SOCIAL_PAGE_PATHS = {
  /**
   * A new identity: bind it to an account or register one — on the sign-in page's social tab, so
   * the sign-in screen stays one route (and its layout one chunk).
   */
  bind: '/login?tab=social&step=bind',
  /** Signed in: the social-login return page, which opens the console (issue 15 §5). */
  signedIn: STATIC_PAGE_PATHS.socialReturn,
  /** A failed sign-in: the login page, its social tab open, the reason's message shown. */
  login: '/login',
  /** The account page, after binding from it (or failing to). */
  account: '/account',
} as const;

/** What the console learns from the query of a redirect: `?reason=<code>`, `?tab=social&step=bind`, `?social=bound`. */
export const SOCIAL_QUERY = { reason: 'reason', tab: 'tab', step: 'step', bound: 'social' } as const;
/** `?step=bind` on the social tab: the identity waiting to be bound. */
export const SOCIAL_BIND_STEP = 'bind';
export const SOCIAL_LOGIN_TAB = 'social';

/** The ways an account has to sign in, besides one social binding. */
export interface SignInMethods {
  /** A password is set (an account registered through a provider has none until it resets one). */
  hasPassword: boolean;
  /** A mobile number, which signs in with an SMS code. */
  hasMobile: boolean;
  /** Social bindings other than the one considered. */
  otherBindings: number;
}

/**
 * Whether a social binding may be removed: not when it is the last way to sign in (code 161). An
 * e-mail alone is no way in: e-mail sign-in needs a password.
 */
export function canUnbindSocial(m: SignInMethods): boolean {
  return m.hasPassword || m.hasMobile || m.otherBindings > 0;
}
