import type { Kysely } from 'kysely';
import { notNull, withId } from './helpers';

// Reboot schedules (issue 13 §1; §6 which kinds, §9 the one-hour online rule): at most one per
// project (target 'project', device_id null) and one per device (target 'device:<id>'; the device's
// own overrides the project's), unique by (project, target). The plan (weekly: time and days;
// cyclic: every N days at a time or every N hours), when it was saved (anchor_at: cyclic slots count
// from it) and the last slot run (last_slot), so a restarted node carries on where the cluster was.
// Which node runs a slot is decided in `job_leases` (one insert of (schedule, slot) wins).

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('reboot_schedules'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
    .addColumn('target', 'text', notNull)
    .addColumn('enabled', 'integer', notNull)
    .addColumn('mode', 'text', notNull)
    .addColumn('time', 'text')
    .addColumn('days', 'text', notNull)
    .addColumn('every', 'integer')
    .addColumn('unit', 'text')
    .addColumn('anchor_at', 'bigint', notNull)
    .addColumn('last_slot', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('reboot_schedules_target_uq')
    .on('reboot_schedules')
    .columns(['project_id', 'target'])
    .unique()
    .execute();
  await db.schema
    .createIndex('reboot_schedules_device_idx')
    .on('reboot_schedules')
    .column('device_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reboot_schedules').execute();
}
