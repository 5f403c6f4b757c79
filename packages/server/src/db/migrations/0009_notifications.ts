import { type Kysely, sql } from 'kysely';
import { notNull, withId, zero } from './helpers';

// Alarms that resolve and reach people (issue 10 point 8).
// - `device_events` learns when an alarm's condition ended: `cleared_at` (epoch ms) and
//   `cleared_text` ("device back online"), and what within the device it is about (`subject`, e.g.
//   "port 3"), so a clearing event finds the alarm it ends; a threshold alarm's `threshold`.
// - `notification_channels`: a project's e-mail addresses and signed webhooks, each with a minimum
//   level; a webhook's signing secret is kept to sign with (shown to the user once).
// - `notification_deliveries`: one row per message to one channel (a batch of alarms, or a test),
//   with its attempts, next attempt and last error, so failures are retried and visible.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('device_events').addColumn('subject', 'text').execute();
  await db.schema.alterTable('device_events').addColumn('cleared_at', 'bigint').execute();
  await db.schema.alterTable('device_events').addColumn('cleared_text', 'text').execute();
  // A threshold alarm's threshold (%), so the cloud knows when a `state` is back under it.
  await db.schema.alterTable('device_events').addColumn('threshold', 'real').execute();
  // The open alarms of conditions that can end (loaded at start, looked up when one clears).
  await db.schema
    .createIndex('device_events_open')
    .on('device_events')
    .columns(['device_id', 'code'])
    .where(sql<boolean>`${sql.ref('kind')} = 'alarm' and ${sql.ref('cleared_at')} is null`)
    .execute();

  await withId(db, db.schema.createTable('notification_channels'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', notNull) // email | webhook
    .addColumn('target', 'text', notNull) // the address or the URL
    .addColumn('secret', 'text') // webhook signing secret
    .addColumn('min_level', 'text', notNull) // info | warning | critical
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('notification_channels_target')
    .on('notification_channels')
    .columns(['project_id', 'kind', 'target'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('notification_deliveries'))
    .addColumn('channel_id', 'integer', (c) =>
      c.notNull().references('notification_channels.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('purpose', 'text', notNull) // alarms | test
    .addColumn('status', 'text', notNull) // pending | sent | failed
    .addColumn('attempts', 'integer', zero)
    .addColumn('next_at', 'bigint', notNull)
    .addColumn('last_error', 'text')
    .addColumn('alarms', 'integer', zero)
    .addColumn('payload', 'text', notNull) // the message, JSON
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('notification_deliveries_due')
    .on('notification_deliveries')
    .columns(['status', 'next_at'])
    .execute();
  await db.schema
    .createIndex('notification_deliveries_channel')
    .on('notification_deliveries')
    .columns(['channel_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_deliveries').ifExists().execute();
  await db.schema.dropTable('notification_channels').ifExists().execute();
  await db.schema.dropIndex('device_events_open').ifExists().execute();
  for (const c of ['threshold', 'cleared_text', 'cleared_at', 'subject'])
    await db.schema.alterTable('device_events').dropColumn(c).execute();
}
