import type { Db } from '../../db';
import type { ApiKeyRow } from '../../db/schema';

/** SQL of personal API keys (`api_keys`): only their SHA-256 is stored. */
export class ApiKeyStore {
  constructor(private readonly db: Db) {}

  async insert(row: {
    accountId: number;
    name: string;
    prefix: string;
    keyHash: string;
    scope: string;
    projectIds: readonly number[] | null;
    now: string;
    expiresAt: string | null;
  }): Promise<ApiKeyRow> {
    return this.db
      .insertInto('api_keys')
      .values({
        account_id: row.accountId,
        name: row.name,
        prefix: row.prefix,
        key_hash: row.keyHash,
        scope: row.scope,
        project_ids: row.projectIds === null ? null : JSON.stringify(row.projectIds),
        created_at: row.now,
        expires_at: row.expiresAt,
        last_used_at: null,
        last_used_ip: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async ofAccount(accountId: number): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async count(accountId: number): Promise<number> {
    const row = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async byHash(keyHash: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  }

  async touch(id: number, now: string, ip: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: now, last_used_ip: ip })
      .where('id', '=', id)
      .execute();
  }

  /** true when the account had this key. */
  async delete(accountId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('api_keys')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returning('id')
      .execute();
    return rows.length > 0;
  }
}
