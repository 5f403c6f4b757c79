import type { Db } from '../../db';

export interface PreferenceRow {
  key: string;
  value_json: string;
  updated_at: string;
}

/** Per-account preferences (`account_preferences`): one JSON value per key. */
export class PreferenceStore {
  constructor(private readonly db: Db) {}

  get(accountId: number, key: string): Promise<PreferenceRow | undefined> {
    return this.db
      .selectFrom('account_preferences')
      .select(['key', 'value_json', 'updated_at'])
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** Every key of the account that starts with `prefix` (all when empty), by key. */
  list(accountId: number, prefix: string): Promise<PreferenceRow[]> {
    let q = this.db
      .selectFrom('account_preferences')
      .select(['key', 'value_json', 'updated_at'])
      .where('account_id', '=', accountId);
    // Keys are [A-Za-z0-9:._-] (no LIKE wildcards), so a prefix range needs no escaping; compare by range.
    if (prefix) q = q.where('key', '>=', prefix).where('key', '<', `${prefix}\uffff`);
    return q.orderBy('key').execute();
  }

  async put(accountId: number, key: string, valueJson: string, at: string): Promise<void> {
    await this.db
      .insertInto('account_preferences')
      .values({ account_id: accountId, key, value_json: valueJson, updated_at: at })
      .onConflict((oc) =>
        oc.columns(['account_id', 'key']).doUpdateSet({ value_json: valueJson, updated_at: at }),
      )
      .execute();
  }

  async delete(accountId: number, key: string): Promise<void> {
    await this.db
      .deleteFrom('account_preferences')
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .execute();
  }
}
