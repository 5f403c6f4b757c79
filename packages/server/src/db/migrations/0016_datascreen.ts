import type { Kysely } from 'kysely';
import { notNull } from './helpers';

// The project data screen (issue 12 §4): where each project is (the location picker's pin, its
// country and the gazetteer's label; null until set — "not on the map"), columns of the projects
// feature's table; and each account's data-screen settings (map range, title, highlighted
// countries as JSON), one row per account, the datascreen feature's table.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('place_lat', 'double precision').execute();
  await db.schema.alterTable('projects').addColumn('place_lng', 'double precision').execute();
  await db.schema.alterTable('projects').addColumn('place_country', 'text').execute();
  await db.schema.alterTable('projects').addColumn('place_city', 'text').execute();

  await db.schema
    .createTable('datascreen_settings')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('map_range', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('countries_json', 'text', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('datascreen_settings').execute();
  for (const column of ['place_city', 'place_country', 'place_lng', 'place_lat']) {
    await db.schema.alterTable('projects').dropColumn(column).execute();
  }
}
