import type { Kysely } from 'kysely';
import { notNull } from './helpers';

// Daily summaries of the clients' history (issue 11 §4, a 30-day client-data chart of a 5,000-device
// project under 100 ms): one row per project and finished local day — distinct clients, wireless
// clients per authentication type (JSON object) and the day's heaviest clients (JSON array) — so a
// 30-day answer reads about 30 rows instead of millions of `client_days` rows. Written as each day
// ends (and for any older day the first read finds without one); pruned with `client_days`.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('client_day_summaries')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('day', 'text', notNull) // YYYY-MM-DD in the project's time zone
    .addColumn('clients', 'integer', notNull)
    .addColumn('auth', 'text', notNull) // {"WPA2-PSK": 120, …}
    .addColumn('top', 'text', notNull) // [[mac, name, txBytes, rxBytes], …] heaviest first
    .addColumn('summarized_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('client_day_summaries_pk', ['project_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_day_summaries').execute();
}
