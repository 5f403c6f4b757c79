import type { Updateable } from 'kysely';
import type { Db } from '../../db';
import type { AccountRow, AccountsTable } from '../../db/schema';

/** How an account is identified at sign-in: by e-mail, or by country code + mobile. */
export type AccountKey = { email: string } | { countryCode: string; mobile: string };

export class AccountStore {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByKey(key: AccountKey): Promise<AccountRow | undefined> {
    let q = this.db.selectFrom('accounts').selectAll();
    q =
      'email' in key
        ? q.where('email', '=', key.email)
        : q.where('country_code', '=', key.countryCode).where('mobile', '=', key.mobile);
    return q.executeTakeFirst();
  }

  async insert(row: {
    cloudCode: string;
    key: AccountKey;
    passwordHash: string;
    nick: string;
    now: string;
  }): Promise<number> {
    const r = await this.db
      .insertInto('accounts')
      .values({
        cloud_code: row.cloudCode,
        email: 'email' in row.key ? row.key.email : null,
        country_code: 'email' in row.key ? null : row.key.countryCode,
        mobile: 'email' in row.key ? null : row.key.mobile,
        password_hash: row.passwordHash,
        nick: row.nick,
        role: 0,
        company_name: '',
        company_location: '',
        company_name_changed_at: null,
        company_location_changed_at: null,
        avatar_id: null,
        created_at: row.now,
        updated_at: row.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async findByCloudCode(cloudCode: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('cloud_code', '=', cloudCode).executeTakeFirst();
  }

  /**
   * Inserts the system account of `cloudCode` unless it exists (conflicts ignored, so several nodes
   * may do it at once); its id.
   */
  async ensureSystemAccount(a: {
    cloudCode: string;
    passwordHash: string;
    nick: string;
    companyName: string;
    now: string;
  }): Promise<number> {
    await this.db
      .insertInto('accounts')
      .values({
        cloud_code: a.cloudCode,
        email: null,
        country_code: null,
        mobile: null,
        password_hash: a.passwordHash,
        nick: a.nick,
        role: 0,
        company_name: a.companyName,
        company_location: '',
        company_name_changed_at: a.now,
        company_location_changed_at: a.now,
        avatar_id: null,
        created_at: a.now,
        updated_at: a.now,
      })
      .onConflict((oc) => oc.column('cloud_code').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('accounts')
      .select('id')
      .where('cloud_code', '=', a.cloudCode)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: Updateable<AccountsTable>): Promise<void> {
    await this.db.updateTable('accounts').set(changes).where('id', '=', id).execute();
  }

  // ── Avatars: bytes in the database so any node can serve them ───────────────────────────────
  async replaceAvatar(
    accountId: number,
    avatar: { id: string; mime: string; bytes: Buffer; now: string },
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('avatars').where('account_id', '=', accountId).execute();
      await tx
        .insertInto('avatars')
        .values({
          id: avatar.id,
          account_id: accountId,
          mime: avatar.mime,
          bytes: avatar.bytes,
          created_at: avatar.now,
        })
        .execute();
      await tx
        .updateTable('accounts')
        .set({ avatar_id: avatar.id, updated_at: avatar.now })
        .where('id', '=', accountId)
        .execute();
    });
  }

  async findAvatar(id: string): Promise<{ mime: string; bytes: Buffer } | undefined> {
    return this.db.selectFrom('avatars').select(['mime', 'bytes']).where('id', '=', id).executeTakeFirst();
  }
}
