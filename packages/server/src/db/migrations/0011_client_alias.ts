import type { Kysely } from 'kysely';
import { notNull } from './helpers';

// Client aliases (issue 10 §7 "Find anything"): the name a project gives a client, by MAC. One row
// per (project, MAC); the primary key serves the client list's join and the panel's lookup. A
// client's alias outlives its sessions (it is the project's label for the client, not a snapshot),
// and goes with its project.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('client_aliases')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('mac', 'text', notNull)
    .addColumn('alias', 'text', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addColumn('updated_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addPrimaryKeyConstraint('client_aliases_pk', ['project_id', 'mac'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_aliases').execute();
}
