import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

// Firmware files (issue 13 §1): a project's uploaded .bin files, each with its model, version,
// size, SHA-256 and release notes; the file itself under DATA_DIR/firmware/<key>. `url_key` is the
// per-file secret the short-lived download links are signed with (deleting the file voids them).
// One version per model in a project. Everything goes with its project.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('firmware_files'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('model', 'text', notNull)
    .addColumn('version', 'text', notNull)
    .addColumn('file_name', 'text', notNull)
    .addColumn('file_key', 'text', notNull)
    .addColumn('size', 'bigint', notNull)
    .addColumn('sha256', 'text', notNull)
    .addColumn('notes', 'text', notNull)
    .addColumn('url_key', 'text', notNull)
    .addColumn('uploaded_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('firmware_files_project_model_version_idx')
    .on('firmware_files')
    .columns(['project_id', 'model', 'version'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('firmware_files').execute();
}
