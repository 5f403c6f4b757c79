import type { AccountAuditAction, AccountAuditEntry } from '@netloom/domain';
import type { Db } from '../../db';

/** The audit of account management (`account_audit`, this feature's table). */
export class AccountAuditStore {
  constructor(private readonly db: Db) {}

  async insert(
    rows: readonly {
      accountId: number;
      actorId: number;
      action: AccountAuditAction;
      summary: string;
      at: string;
    }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('account_audit')
      .values(
        rows.map((r) => ({
          account_id: r.accountId,
          actor_id: r.actorId,
          action: r.action,
          summary: r.summary,
          created_at: r.at,
        })),
      )
      .execute();
  }

  /** The newest `limit` changes of one account, with the administrator's nick (a list join). */
  async latest(accountId: number, limit: number): Promise<AccountAuditEntry[]> {
    const rows = await this.db
      .selectFrom('account_audit as l')
      .leftJoin('accounts as a', 'a.id', 'l.actor_id')
      .select(['l.id', 'l.action', 'l.summary', 'l.created_at', 'l.actor_id', 'a.nick as actor_nick'])
      .where('l.account_id', '=', accountId)
      .orderBy('l.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      at: r.created_at,
      action: r.action as AccountAuditAction,
      summary: r.summary,
      actor: r.actor_id === null ? null : { id: r.actor_id, nick: r.actor_nick ?? '' },
    }));
  }
}
