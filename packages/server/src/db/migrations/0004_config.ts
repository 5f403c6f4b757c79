import type { Kysely } from 'kysely';
import { notNull, withId, zero } from './helpers';

// The desired-state engine (issue 4): versioned settings documents and their history, the rendered
// document each device should run with its delivery state, and the audit log of changes.
// Times are epoch milliseconds in `bigint` (as in 0002).

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per settings document: project-level (device_id null, scope_key 'project') or
  // device-level (scope_key 'device:<id>'). scope_key exists because a unique index ignores NULLs on
  // PostgreSQL; the unique constraint is what makes two concurrent first saves collide.
  await withId(db, db.schema.createTable('config_documents'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
    .addColumn('scope_key', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('version', 'integer', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addColumn('updated_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addUniqueConstraint('config_documents_scope_kind', ['project_id', 'scope_key', 'kind'])
    .execute();

  await withId(db, db.schema.createTable('config_revisions'))
    .addColumn('document_id', 'integer', (c) =>
      c.notNull().references('config_documents.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
    .addColumn('kind', 'text', notNull)
    .addColumn('version', 'integer', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('summary', 'text', notNull)
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('restored_from', 'integer')
    .addUniqueConstraint('config_revisions_document_version', ['document_id', 'version'])
    .execute();
  await db.schema
    .createIndex('config_revisions_project')
    .on('config_revisions')
    .columns(['project_id', 'id'])
    .execute();

  await db.schema
    .createTable('device_configs')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('desired_version', 'integer', zero)
    .addColumn('body', 'text', notNull)
    .addColumn('hash', 'text', notNull)
    .addColumn('applied_version', 'integer', zero)
    .addColumn('status', 'text', notNull) // applied | pending | failed
    .addColumn('pending_since', 'bigint')
    .addColumn('failed_code', 'integer')
    .addColumn('failed_message', 'text')
    .addColumn('sent_at', 'bigint')
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('device_configs_project_status')
    .on('device_configs')
    .columns(['project_id', 'status'])
    .execute();
  // The reconcile tick reads every pending row: an index on status alone keeps it off a full scan.
  await db.schema.createIndex('device_configs_status').on('device_configs').column('status').execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
    .addColumn('device_name', 'text')
    .addColumn('action', 'text', notNull)
    .addColumn('summary', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('audit_log_project_created')
    .on('audit_log')
    .columns(['project_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.dropTable('device_configs').ifExists().execute();
  await db.schema.dropTable('config_revisions').ifExists().execute();
  await db.schema.dropTable('config_documents').ifExists().execute();
}
