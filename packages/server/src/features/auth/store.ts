import type { Db } from '../../db';
import type { SessionRow } from '../../db/schema';

/** SQL for sessions and sign-in failures. */
export class AuthStore {
  constructor(private readonly db: Db) {}

  // ── Sessions ─────────────────────────────────────────────────────────────────────────────────
  async createSession(row: {
    tokenHash: string;
    accountId: number;
    client: string;
    csrfHash: string | null;
    now: string;
    expiresAt: string;
    userAgent: string | null;
    ip: string | null;
  }): Promise<number> {
    const inserted = await this.db
      .insertInto('sessions')
      .values({
        token_hash: row.tokenHash,
        account_id: row.accountId,
        client: row.client,
        csrf_hash: row.csrfHash,
        created_at: row.now,
        last_seen_at: row.now,
        expires_at: row.expiresAt,
        revoked_reason: null,
        user_agent: row.userAgent,
        ip: row.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async findSession(tokenHash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async touchSession(id: number, now: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  async deleteSession(id: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Ends every session of the account except `keepId`; they answer code 70 on their next call. */
  async revokeOtherSessions(accountId: number, keepId: number | null, reason: string): Promise<void> {
    let q = this.db
      .updateTable('sessions')
      .set({ revoked_reason: reason })
      .where('account_id', '=', accountId)
      .where('revoked_reason', 'is', null);
    if (keepId !== null) q = q.where('id', '!=', keepId);
    await q.execute();
  }

  async sessionIdsOf(accountId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The account's sessions still in force (not revoked, not expired), newest sign-in first. */
  async activeSessions(accountId: number, now: string): Promise<SessionRow[]> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('revoked_reason', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Revokes the account's other sessions with `reason`; returns the ids it ended. */
  async revokeOthersReturning(accountId: number, keepId: number, reason: string): Promise<number[]> {
    const rows = await this.db
      .updateTable('sessions')
      .set({ revoked_reason: reason })
      .where('account_id', '=', accountId)
      .where('revoked_reason', 'is', null)
      .where('id', '!=', keepId)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Deletes sessions of the account (all but `keepId`, or only `onlyId`); returns the ids deleted. */
  async deleteAccountSessions(
    accountId: number,
    which: { keepId: number } | { onlyId: number },
  ): Promise<number[]> {
    let q = this.db.deleteFrom('sessions').where('account_id', '=', accountId);
    q = 'keepId' in which ? q.where('id', '!=', which.keepId) : q.where('id', '=', which.onlyId);
    const rows = await q.returning('id').execute();
    return rows.map((r) => r.id);
  }

  // ── The account's session policy ("one active session") ─────────────────────────────────────
  async oneSession(accountId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('session_policies')
      .select('one_session')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.one_session === 1;
  }

  async setOneSession(accountId: number, on: boolean, now: string): Promise<void> {
    await this.db
      .insertInto('session_policies')
      .values({ account_id: accountId, one_session: on ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ one_session: on ? 1 : 0, updated_at: now }))
      .execute();
  }

  async deleteExpiredSessions(now: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  }

  // ── Sign-in failures (lock 80) ───────────────────────────────────────────────────────────────
  /** Housekeeping: failures older than any lock window are dead weight. */
  async pruneLoginFailures(target: string, before: string): Promise<void> {
    await this.db
      .deleteFrom('login_failures')
      .where('target', '=', target)
      .where('failed_at', '<', before)
      .execute();
  }

  async recordLoginFailure(target: string, now: string): Promise<void> {
    await this.db.insertInto('login_failures').values({ target, failed_at: now }).execute();
  }

  async loginFailuresSince(target: string, since: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('login_failures')
      .select('failed_at')
      .where('target', '=', target)
      .where('failed_at', '>', since)
      .orderBy('failed_at', 'asc')
      .execute();
    return rows.map((r) => r.failed_at);
  }

  async clearLoginFailures(target: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('target', '=', target).execute();
  }
}
