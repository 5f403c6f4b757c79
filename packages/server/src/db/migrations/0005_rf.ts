import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './helpers';

// RF optimisation (issue 5): one row per run, manual or automatic, with its progress while it runs
// and its record when it ends (noise before/after, per-radio changes). Times are epoch ms (bigint).

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('rf_runs'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('trigger', 'text', notNull) // manual | auto
    .addColumn('status', 'text', notNull) // running | succeeded | failed
    .addColumn('stage', 'text', notNull) // scanning | planning | applying | done
    .addColumn('percent', 'integer', zero)
    .addColumn('started_at', 'bigint', notNull)
    .addColumn('finished_at', 'bigint')
    .addColumn('code', 'integer')
    .addColumn('access_threshold', 'integer', notNull)
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('changes_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('rf_runs_project').on('rf_runs').columns(['project_id', 'id']).execute();
  // At start-up, runs left `running` by a stopped server are found by status.
  await db.schema.createIndex('rf_runs_status').on('rf_runs').column('status').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rf_runs').execute();
}
