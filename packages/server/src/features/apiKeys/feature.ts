/**
 * The API keys feature (issue 14 §6; the openapi access type of §1, Meraki's Dashboard API as the
 * model): personal keys an account creates in My account — name, scope (read-only or manage), an
 * optional project list, an expiry — shown once and stored as their SHA-256, with when each was
 * last used; revoked at once. It owns `api_keys`. The auth plugin asks it to resolve a key on any
 * `/api/…` request (`Authorization: Bearer nlk_…` or `X-Netloom-API-Key`); the key acts as its owner
 * with the openapi access type, within the key's limits (domain `apiKeyRefusal`, `apiKeyReaches`),
 * at a per-key rate (429 with Retry-After).
 */
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { KeyResolver } from '../../plugins/auth';
import type { Accounts } from '../account';
import type { Projects } from '../projects';
import { KeyRateLimiter } from './rateLimiter';
import { apiKeyRoutes } from './routes';
import { ApiKeyService } from './service';
import { ApiKeyStore } from './store';

export interface ApiKeysFeatureDeps {
  db: Db;
  clock: Clock;
  projects: Pick<Projects, 'rightOf'>;
  accounts: Pick<Accounts, 'findById'>;
  /** Requests per second per key on this node (0: no limit), and the burst above it. */
  ratePerSecond: number;
  rateBurst: number;
}

export interface ApiKeysFeature extends Feature {
  /** Key → its owner's session with the key's limits, for the auth plugin. */
  readonly keys: KeyResolver;
}

export function createApiKeysFeature(deps: ApiKeysFeatureDeps): ApiKeysFeature {
  const keys = new ApiKeyService({
    store: new ApiKeyStore(deps.db),
    clock: deps.clock,
    limiter: new KeyRateLimiter(deps.ratePerSecond, deps.rateBurst),
    isMember: async (projectId, accountId) =>
      (await deps.projects.rightOf(projectId, accountId)) !== undefined,
    isDisabled: async (accountId) => Boolean((await deps.accounts.findById(accountId))?.disabled_at),
  });
  return { name: 'apiKeys', routes: (app) => apiKeyRoutes(app, { keys }), keys };
}
