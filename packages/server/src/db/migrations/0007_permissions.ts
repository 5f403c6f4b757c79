import type { Kysely } from 'kysely';
import { notNull } from './helpers';

// Permission flags and read-only projects (issue 2 §6, issue 4 §6).
// - account_permissions: one row per account whose §6 flags differ from its role's defaults; `flags`
//   is the JSON of the overrides only (domain `permissionOverridesSchema`).
// - projects.locked: the owner's configuration lock (§3 "read-only" property, code 173), 0/1.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_permissions')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('flags', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .alterTable('projects')
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('locked').execute();
  await db.schema.dropTable('account_permissions').execute();
}
