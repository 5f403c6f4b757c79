import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

// The solution generator (issue 15 §1): an account's solutions (name, the scenario's name as
// generated, the inputs and the device list as JSON text, the prose, an edit version for 54), the
// copies given to other accounts (solution_shares: one per solution and recipient, code 21), and
// the account's custom scenarios (at most 20, code 186; name_key = lower-cased name, unique per
// account). Times are ISO-8601 UTC text.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('solutions'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('scenario_name', 'text', notNull)
    .addColumn('inputs', 'text', notNull)
    .addColumn('devices', 'text', notNull)
    .addColumn('advice', 'text', notNull)
    .addColumn('advantages', 'text', notNull)
    .addColumn('version', 'integer', notNull)
    .addColumn('shared_by', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('solutions_account_idx').on('solutions').column('account_id').execute();
  await withId(db, db.schema.createTable('solution_shares'))
    .addColumn('solution_id', 'integer', (c) => c.notNull().references('solutions.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('solution_shares_uq')
    .on('solution_shares')
    .columns(['solution_id', 'account_id'])
    .unique()
    .execute();
  await withId(db, db.schema.createTable('solution_scenarios'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_key', 'text', notNull)
    .addColumn('base', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('solution_scenarios_name_uq')
    .on('solution_scenarios')
    .columns(['account_id', 'name_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('solution_scenarios').execute();
  await db.schema.dropTable('solution_shares').execute();
  await db.schema.dropTable('solutions').execute();
}
