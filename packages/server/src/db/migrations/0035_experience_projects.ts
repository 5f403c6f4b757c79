import type { Kysely } from 'kysely';
import { notNull } from './helpers';

// Experience projects (issue 15 §5): one per account (UNIQUE account_id — the 1161 rule, safe
// against two requests at once), gone with its project (ON DELETE CASCADE: the fleet of a project
// deleted any way stops at the next reconcile). `experience_num` is the §3 experience number the
// project's name ends with; `seed` and `devices` plan its simulated fleet (the same SNs every start).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('experience_projects')
    .addColumn('project_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().unique().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('experience_num', 'integer', (c) => c.notNull().unique())
    .addColumn('seed', 'integer', notNull)
    .addColumn('devices', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('experience_projects').execute();
}
