import type { Kysely } from 'kysely';
import { notNull } from './helpers';

// The system log (issue 13 §5): each project's log retention (§9: 7, 30, 90 or 180 days), one row
// per project that chose one (absent: the server's default), the runlog feature's table. The log
// itself stays the change log's `audit_log` (config's); the log page filters it by device over time,
// so an index on (project, device, time) keeps a device's entries one seek away.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('runlog_settings')
    .addColumn('project_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('retention_days', 'integer', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('audit_log_project_device_created')
    .on('audit_log')
    .columns(['project_id', 'device_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_project_device_created').execute();
  await db.schema.dropTable('runlog_settings').execute();
}
