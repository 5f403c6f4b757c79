import {
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  API_KEY_SHOWN_LENGTH,
  API_KEY_TOUCH_INTERVAL_MS,
  API_KEYS_PER_ACCOUNT_MAX,
  type ApiKeyCreated,
  type ApiKeyScope,
  type ApiKeyView,
  type apiKeyCreateSchema,
  ERR,
} from '@netloom/domain';
import type { z } from 'zod';
import type { ApiKeyRow } from '../../db/schema';
import { type Clock, isoAt } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { ActiveSession, KeyResolver } from '../../plugins/auth';
import type { KeyRateLimiter } from './rateLimiter';
import type { ApiKeyStore } from './store';

type CreateInput = z.output<typeof apiKeyCreateSchema>;

const DAY_MS = 24 * 3_600_000;

export interface ApiKeyServiceDeps {
  store: ApiKeyStore;
  clock: Clock;
  limiter: KeyRateLimiter;
  /** Whether the account is a member of the project (any right): a key may only list its own. */
  isMember(projectId: number, accountId: number): Promise<boolean>;
  /** Whether an administrator disabled the account: its keys then answer 520, as its sessions do. */
  isDisabled(accountId: number): Promise<boolean>;
}

function scopeOf(s: string): ApiKeyScope {
  // A row holds one of API_KEY_SCOPES; anything else is taken as the narrower one.
  return (API_KEY_SCOPES as readonly string[]).includes(s) ? (s as ApiKeyScope) : 'read';
}

function projectIdsOf(json: string | null): number[] | null {
  if (json === null) return null;
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
}

/** Create, list and revoke an account's API keys; resolve a key on a request (the auth plugin asks). */
export class ApiKeyService implements KeyResolver {
  constructor(private readonly deps: ApiKeyServiceDeps) {}

  private view(row: ApiKeyRow, now: number): ApiKeyView {
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scope: scopeOf(row.scope),
      projectIds: projectIdsOf(row.project_ids),
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      lastUsedAt: row.last_used_at,
      lastUsedIp: row.last_used_ip,
      expired: row.expires_at !== null && Date.parse(row.expires_at) <= now,
    };
  }

  async list(accountId: number): Promise<ApiKeyView[]> {
    const now = this.deps.clock.now();
    return (await this.deps.store.ofAccount(accountId)).map((r) => this.view(r, now));
  }

  async create(accountId: number, input: CreateInput): Promise<ApiKeyCreated> {
    const { store, clock } = this.deps;
    if ((await store.count(accountId)) >= API_KEYS_PER_ACCOUNT_MAX) throw new AppError(ERR.API_KEY_LIMIT);
    for (const id of input.projectIds ?? [])
      if (!(await this.deps.isMember(id, accountId))) throw new AppError(ERR.PROJECT_INVALID);
    const now = clock.now();
    const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
    const row = await store.insert({
      accountId,
      name: input.name,
      prefix: secret.slice(0, API_KEY_SHOWN_LENGTH),
      keyHash: sha256(secret),
      scope: input.scope,
      projectIds: input.projectIds,
      now: isoAt(now),
      expiresAt: input.expiresInDays === null ? null : isoAt(now + input.expiresInDays * DAY_MS),
    });
    return { key: this.view(row, now), secret };
  }

  async revoke(accountId: number, keyId: number): Promise<void> {
    if (!(await this.deps.store.delete(accountId, keyId))) throw new AppError(ERR.NOT_EXIST);
    this.deps.limiter.forget(keyId);
  }

  /**
   * The key's owner as a session of the openapi access type, carrying the key's limits; 401 for an
   * unknown, revoked or expired key; the wait when the key is over its rate.
   */
  async resolve(
    key: string,
    ip: string,
  ): Promise<{ session: ActiveSession } | { retryAfterSeconds: number }> {
    const { store, clock, limiter } = this.deps;
    const row = key.startsWith(API_KEY_PREFIX) ? await store.byHash(sha256(key)) : undefined;
    const now = clock.now();
    if (!row || (row.expires_at !== null && Date.parse(row.expires_at) <= now))
      throw new AppError(ERR.NOT_SIGNED_IN);
    if (await this.deps.isDisabled(row.account_id)) throw new AppError(ERR.ACCOUNT_DISABLED, 401);
    const wait = limiter.take(row.id, now);
    if (wait > 0) return { retryAfterSeconds: wait };
    const last = row.last_used_at === null ? 0 : Date.parse(row.last_used_at);
    if (now - last > API_KEY_TOUCH_INTERVAL_MS || row.last_used_ip !== ip)
      await store.touch(row.id, isoAt(now), ip);
    return {
      session: {
        // Not a session row: a key never has one (negative, so it never names a session).
        id: -row.id,
        accountId: row.account_id,
        client: 'openapi',
        apiKey: { id: row.id, scope: scopeOf(row.scope), projectIds: projectIdsOf(row.project_ids) },
      },
    };
  }
}
