import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres, notNull, withId } from './helpers';

// Activation statistics (issue 15 §2). `device_activations`: one row per device serial number, the
// first time the device was online while claimed into a project (unique sn: never a second row, also
// after a delete and a new claim), with what it was then — model, firmware, the project's country —
// and the UTC day. No foreign keys: an activation outlives its device and its project.
// The rollups the dashboard reads, each incremented in the same transaction as the activation's
// insert: `activation_days` per (UTC day, model, firmware, country); `activation_months` the same per
// calendar month (a year's breakdowns read 12 months of it plus the days of the partial months at the
// ends, not 365 days); `activation_day_totals` one count per day (the unfiltered chart). Primary
// keys lead with the time bucket, so a date range is one index range; the (model, day, …) and
// (country, day, …) indexes, which carry the count, serve the filtered chart without the table.

// On SQLite the rollups are WITHOUT ROWID tables: the primary key is the table's own b-tree, so a
// range of it reads the counts in place (a rowid table would look every row up a second time).
function clustered<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db) ? table : table.modifyEnd(sql`without rowid`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('device_activations'))
    .addColumn('sn', 'text', notNull)
    .addColumn('device_id', 'integer', notNull)
    .addColumn('project_id', 'integer', notNull)
    .addColumn('model', 'text', notNull)
    .addColumn('firmware', 'text', notNull)
    .addColumn('country', 'text', notNull)
    .addColumn('day', 'text', notNull)
    .addColumn('activated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('device_activations_sn_uq')
    .on('device_activations')
    .column('sn')
    .unique()
    .execute();
  await db.schema
    .createIndex('device_activations_day_idx')
    .on('device_activations')
    .columns(['day', 'model'])
    .execute();
  await clustered(db, db.schema.createTable('activation_days'))
    .addColumn('day', 'text', notNull)
    .addColumn('model', 'text', notNull)
    .addColumn('firmware', 'text', notNull)
    .addColumn('country', 'text', notNull)
    .addColumn('count', 'integer', notNull)
    .addPrimaryKeyConstraint('activation_days_pk', ['day', 'model', 'firmware', 'country'])
    .execute();
  await clustered(db, db.schema.createTable('activation_months'))
    .addColumn('month', 'text', notNull)
    .addColumn('model', 'text', notNull)
    .addColumn('firmware', 'text', notNull)
    .addColumn('country', 'text', notNull)
    .addColumn('count', 'integer', notNull)
    .addPrimaryKeyConstraint('activation_months_pk', ['month', 'model', 'firmware', 'country'])
    .execute();
  await clustered(db, db.schema.createTable('activation_day_totals'))
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', notNull)
    .execute();
  await db.schema
    .createIndex('activation_days_model_idx')
    .on('activation_days')
    .columns(['model', 'day', 'country', 'count'])
    .execute();
  await db.schema
    .createIndex('activation_days_country_idx')
    .on('activation_days')
    .columns(['country', 'day', 'model', 'count'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activation_day_totals').execute();
  await db.schema.dropTable('activation_months').execute();
  await db.schema.dropTable('activation_days').execute();
  await db.schema.dropTable('device_activations').execute();
}
