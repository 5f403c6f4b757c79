import { type Kysely, sql } from 'kysely';

// Alarms (the alarm list, the header badge, a device's recent events). `device_events` already holds
// the read flag (0002); these indexes serve the new reads: the alarm list pages a project's alarms
// newest first; the unread count (badge, KPI, overview across projects) reads a partial index of
// unread rows only; the device drawer lists one device's latest events.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('device_events_project_kind_at')
    .on('device_events')
    .columns(['project_id', 'kind', 'at'])
    .execute();
  await db.schema
    .createIndex('device_events_unread')
    .on('device_events')
    .columns(['project_id', 'kind'])
    // A literal, not a bound parameter: PostgreSQL takes no parameters in DDL.
    .where(sql<boolean>`${sql.ref('read')} = 0`)
    .execute();
  await db.schema
    .createIndex('device_events_device_at')
    .on('device_events')
    .columns(['device_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['device_events_device_at', 'device_events_unread', 'device_events_project_kind_at']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
