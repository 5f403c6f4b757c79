import { type Kysely, sql } from 'kysely';
import { isPostgres, notNull, withId } from './helpers';

// Configuration backups (issue 13 §2; spec §3 fields, §4 sync, §9 cap and interval). One row per
// backup: the device it was taken of (its name, SN, model and MAC copied, so the row still says
// what it was after the device left the project: device_id is then null), the §3 type and remark,
// the sync state of the upload (the `backup` command job named by command_id), the device's file as
// it sent it (bytes, size, SHA-256, the configuration version it ran), and the device's settings
// documents of the configuration engine at that moment (documents_json: kind → { version,
// settings }), which a restore saves again. The last restore of a backup: its job, target, state.

export async function up(db: Kysely<unknown>): Promise<void> {
  const blob = isPostgres(db) ? 'bytea' : 'blob';
  await withId(db, db.schema.createTable('config_backups'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
    .addColumn('device_name', 'text', notNull)
    .addColumn('sn', 'text', notNull)
    .addColumn('model', 'text', notNull)
    .addColumn('mac', 'text')
    .addColumn('file_name', 'text', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sync', 'text', notNull)
    .addColumn('sync_code', 'integer')
    .addColumn('command_id', 'text')
    .addColumn('content', sql.raw(blob))
    .addColumn('size', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('config_version', 'integer')
    .addColumn('documents_json', 'text', notNull)
    .addColumn('restore_command_id', 'text')
    .addColumn('restore_device_id', 'integer')
    .addColumn('restore_device_name', 'text')
    .addColumn('restore_status', 'text')
    .addColumn('restore_code', 'integer')
    .addColumn('restore_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('config_backups_project_idx')
    .on('config_backups')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('config_backups_device_idx')
    .on('config_backups')
    .columns(['device_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('config_backups_command_idx')
    .on('config_backups')
    .column('command_id')
    .execute();
  // Per project: back up each device automatically after it applied a configuration change
  // (a Netloom option beyond the spec; off unless the project turns it on).
  await db.schema
    .createTable('backup_settings')
    .addColumn('project_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('auto_after_change', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backup_settings').execute();
  await db.schema.dropTable('config_backups').execute();
}
