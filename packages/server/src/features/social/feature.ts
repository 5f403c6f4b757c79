import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import { rateLimitPlugin } from '../../plugins/rateLimit';
import type { SocialProviderConfig } from '../../socialConfig';
import type { Accounts } from '../account';
import type { Auth } from '../auth';
import type { VerificationCodes } from '../verification';
import { OidcClients } from './oidc';
import { socialRoutes } from './routes';
import { SocialService } from './service';
import { SocialStore } from './store';

export interface SocialDeps {
  db: Db;
  clock: Clock;
  /** Binding proves an account by its sign-in credentials; a bound identity opens a session. */
  auth: Pick<Auth, 'authenticate' | 'openSession'>;
  /** Registering through a provider creates an account. */
  accounts: Pick<Accounts, 'findById' | 'findByKey' | 'insert'>;
  /** The register code of the new account's e-mail. */
  codes: Pick<VerificationCodes, 'verify'>;
  /** SOCIAL_PROVIDERS: none → the login page's social tab says so. */
  providers: readonly SocialProviderConfig[];
  /** PUBLIC_URL ('' → each request's scheme and host). */
  publicUrl: string;
  cookieSecure: boolean;
  /** Requests per minute per client IP (AUTH_RATE_LIMIT, as `/api/auth`); 0 turns the limit off. */
  rateLimitPerMinute: number;
}

export interface SocialFeature extends Feature {}

/**
 * Social sign-in through OpenID Connect providers (issue 14 §4): `/api/social/…` (domain
 * `socialEndpoints`). The OpenID client runs here, on the server; the console only navigates.
 */
export function createSocialFeature(deps: SocialDeps): SocialFeature {
  const store = new SocialStore(deps.db);
  const social = new SocialService({
    store,
    oidc: new OidcClients(deps.providers),
    clock: deps.clock,
    accounts: deps.accounts,
    codes: deps.codes,
    auth: deps.auth,
    providers: deps.providers.map(({ id, label }) => ({ id, label })),
  });
  return {
    name: 'social',
    async routes(app) {
      // The bind form checks passwords: the same per-IP limit as the sign-in routes (2010).
      if (deps.rateLimitPerMinute > 0)
        await app.register(rateLimitPlugin, { perMinute: deps.rateLimitPerMinute });
      await socialRoutes(app, {
        social,
        auth: deps.auth,
        cookieSecure: deps.cookieSecure,
        publicUrl: deps.publicUrl,
      });
    },
  };
}
