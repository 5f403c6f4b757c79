import type { DataScreenSettings } from '@netloom/domain';
import type { Db } from '../../db';

export interface DataScreenSettingsRow {
  map_range: string;
  title: string;
  countries_json: string;
}

/** The data-screen settings of each account (`datascreen_settings`, migration 0016): one row per account. */
export class DataScreenStore {
  constructor(private readonly db: Db) {}

  get(accountId: number): Promise<DataScreenSettingsRow | undefined> {
    return this.db
      .selectFrom('datascreen_settings')
      .select(['map_range', 'title', 'countries_json'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async put(accountId: number, s: DataScreenSettings, at: number): Promise<void> {
    const values = {
      map_range: s.range,
      title: s.title,
      countries_json: JSON.stringify(s.countries),
      updated_at: at,
    };
    await this.db
      .insertInto('datascreen_settings')
      .values({ account_id: accountId, ...values })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
      .execute();
  }
}
