import type { Db } from '../../db';
import { toCount } from '../../db';
import type { VerificationCodeRow } from '../../db/schema';

/** SQL of verification codes and SMS sends (the per-number limits 51/52/53). */
export class CodeStore {
  constructor(private readonly db: Db) {}

  async insertCode(row: {
    channel: string;
    target: string;
    purpose: string;
    salt: string;
    codeHash: string;
    now: string;
    expiresAt: string;
  }): Promise<number> {
    const r = await this.db
      .insertInto('verification_codes')
      .values({
        channel: row.channel,
        target: row.target,
        purpose: row.purpose,
        salt: row.salt,
        code_hash: row.codeHash,
        attempts: 0,
        created_at: row.now,
        expires_at: row.expiresAt,
        consumed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async deleteCode(id: number): Promise<void> {
    await this.db.deleteFrom('verification_codes').where('id', '=', id).execute();
  }

  /** The newest code sent to a target (any purpose): drives the resend countdown. */
  async latestCodeFor(target: string): Promise<VerificationCodeRow | undefined> {
    return this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', target)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The newest code for a target and purpose: the only one that can be used. */
  async latestCode(target: string, purpose: string): Promise<VerificationCodeRow | undefined> {
    return this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async recordCodeAttempt(id: number, consumedAt: string | null): Promise<void> {
    await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), consumed_at: consumedAt }))
      .where('id', '=', id)
      .execute();
  }

  /** Marks the code used; false when another request used it first (a code works exactly once). */
  async consumeCode(id: number, now: string): Promise<boolean> {
    const r = await this.db
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  // ── SMS sends (rate limits 51/52/53) ─────────────────────────────────────────────────────────
  async recordSmsSend(target: string, now: string): Promise<void> {
    await this.db.insertInto('sms_sends').values({ target, sent_at: now }).execute();
  }

  async countSmsSince(target: string, since: string): Promise<number> {
    const r = await this.db
      .selectFrom('sms_sends')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('target', '=', target)
      .where('sent_at', '>', since)
      .executeTakeFirst();
    return toCount(r?.n);
  }

  /** Housekeeping: rows of one target older than any limit window are dead weight. */
  async pruneTarget(target: string, before: string): Promise<void> {
    await this.db
      .deleteFrom('verification_codes')
      .where('target', '=', target)
      .where('expires_at', '<', before)
      .execute();
    await this.db
      .deleteFrom('sms_sends')
      .where('target', '=', target)
      .where('sent_at', '<', before)
      .execute();
  }
}
