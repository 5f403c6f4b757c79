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
  }): Promise<void> {
    await this.db
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
      })
      .execute();
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
