import { type Kysely, sql } from 'kysely';
import { notNull, withId } from './helpers';

// Traceback (issue 15 §4): each connection a client had — on which device, network, band, with
// which signal when it joined and when it left, from when to when. The client table (`clients`)
// only holds the present and the daily history (`client_days`) no device or network, so a
// connection is recorded when a device's client table starts listing a client and closed when it
// stops (a roam is two connections on two devices that meet). `ended_at` null: connected now.
// Pruned with the hourly rollups (the same period as the daily history).

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('client_sessions'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('mac', 'text', notNull)
    .addColumn('connection', 'text', notNull)
    .addColumn('ssid', 'text')
    .addColumn('band', 'text')
    .addColumn('rssi_start', 'integer')
    .addColumn('rssi_end', 'integer')
    .addColumn('started_at', 'bigint', notNull)
    .addColumn('ended_at', 'bigint')
    .execute();
  // A client's traceback: its connections in a period.
  await db.schema
    .createIndex('client_sessions_client')
    .on('client_sessions')
    .columns(['project_id', 'mac', 'started_at'])
    .execute();
  // Closing a device's connections as its client table changes.
  await db.schema
    .createIndex('client_sessions_device')
    .on('client_sessions')
    .columns(['device_id', 'mac'])
    .execute();
  // The clients online when this runs are connected since their row's uptime began.
  await sql`
    insert into client_sessions (project_id, device_id, mac, connection, ssid, band, rssi_start, rssi_end, started_at)
    select project_id, device_id, mac, connection, ssid, band, rssi, rssi, updated_at - uptime * 1000 from clients
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_sessions').execute();
}
