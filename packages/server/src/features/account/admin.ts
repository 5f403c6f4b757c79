import type { AccountStatus, MemberLevel } from '@netloom/domain';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { toCount } from '../../db';
import type { AccountRow } from '../../db/schema';

/** What the account-management list is filtered by (all optional). */
export interface AccountSearch {
  q?: string | undefined;
  role?: number | undefined;
  level?: MemberLevel | undefined;
  status?: AccountStatus | undefined;
  page: number;
  pageSize: number;
}

/** The administrative fields of an account (issue 14 §5); only those given change. */
export interface AccountAdministration {
  role?: number;
  memberLevel?: MemberLevel;
  /** An ISO time to disable it, null to enable it again. */
  disabledAt?: string | null;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * SQL of account management over `accounts` (this feature's table): a page of accounts, newest
 * first, by id (the primary key: a page is an index range, whatever the filter), and the count.
 */
export class AccountAdminStore {
  constructor(private readonly db: Db) {}

  async search(f: AccountSearch): Promise<{ total: number; items: AccountRow[] }> {
    let q = this.db.selectFrom('accounts as a');
    const text = f.q?.trim().toLowerCase();
    if (text) {
      const pattern = `%${escapeLike(text)}%`;
      const like = (col: string) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`;
      q = q.where((eb) => eb.or([like('a.nick'), like('a.email'), like('a.mobile'), like('a.cloud_code')]));
    }
    if (f.role !== undefined) q = q.where('a.role', '=', f.role);
    if (f.level !== undefined) q = q.where('a.member_level', '=', f.level);
    if (f.status === 'disabled') q = q.where('a.disabled_at', 'is not', null);
    if (f.status === 'active') q = q.where('a.disabled_at', 'is', null);
    const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const items = await q
      .selectAll('a')
      .orderBy('a.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute();
    return { total: toCount(total?.n), items };
  }

  async administer(id: number, changes: AccountAdministration, now: string): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({
        ...(changes.role !== undefined && { role: changes.role }),
        ...(changes.memberLevel !== undefined && { member_level: changes.memberLevel }),
        ...(changes.disabledAt !== undefined && { disabled_at: changes.disabledAt }),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }
}
