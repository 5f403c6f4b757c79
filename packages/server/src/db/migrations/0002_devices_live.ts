import type { CreateTableBuilder, Kysely } from 'kysely';
import { notNull, withId, zero } from './helpers';

// Devices live (issue 3): device identity and hot state, devices seen but not yet claimed, telemetry
// (raw → 5-minute → hourly, per device and per project series), client snapshots and daily client
// history, device events, command jobs, per-account preferences.
// Time-series columns use epoch milliseconds in `bigint` (pg returns it as a number: see db/index.ts);
// the ISO text convention of 0001 stays for human-scale timestamps.

/** Sample count, traffic and client columns shared by every rollup table. */
function trafficColumns<T extends string, C extends string>(t: CreateTableBuilder<T, C>) {
  return t
    .addColumn('samples', 'integer', zero)
    .addColumn('tx_bytes', 'bigint', zero)
    .addColumn('rx_bytes', 'bigint', zero)
    .addColumn('tx_rate_max', 'double precision', zero)
    .addColumn('rx_rate_max', 'double precision', zero)
    .addColumn('clients_sum', 'bigint', zero)
    .addColumn('clients_max', 'integer', zero);
}

/** Columns shared by the per-device 5-minute and hourly rollups. */
function rollupColumns<T extends string>(t: CreateTableBuilder<T, never>, pk: string) {
  return t
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('bucket', 'bigint', notNull)
    .$call(trafficColumns)
    .addColumn('cpu_sum', 'double precision', zero)
    .addColumn('memory_sum', 'double precision', zero)
    .addPrimaryKeyConstraint(pk, ['device_id', 'bucket']);
}

/** Columns shared by the per-project series rollups (one row per project, panel kind and bucket). */
function seriesColumns<T extends string>(t: CreateTableBuilder<T, never>) {
  return t
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', notNull)
    .addColumn('bucket', 'bigint', notNull)
    .$call(trafficColumns)
    .addColumn('online_sum', 'bigint', zero)
    .addColumn('total_max', 'integer', zero);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // ── devices: identity (claimed into a project) + hot state ─────────────────────────────────────
  for (const [name, type] of [
    ['model', 'text'],
    ['mac', 'text'],
    ['firmware_version', 'text'],
    ['hardware_version', 'text'],
    ['ip', 'text'],
    ['location', 'text'],
    ['remark', 'text'],
    ['uplink_sn', 'text'],
    ['uplink_port', 'text'],
    ['uplink_kind', 'text'],
    ['boot_id', 'text'],
    ['state_json', 'text'],
  ] as const) {
    await db.schema.alterTable('devices').addColumn(name, type).execute();
  }
  for (const name of ['management_mode', 'mesh_role', 'uptime', 'clients', 'config_version'] as const) {
    await db.schema.alterTable('devices').addColumn(name, 'integer').execute();
  }
  for (const name of ['cpu', 'memory', 'tx_rate', 'rx_rate'] as const) {
    await db.schema.alterTable('devices').addColumn(name, 'double precision').execute();
  }
  for (const name of ['last_seen_at', 'status_changed_at'] as const) {
    await db.schema.alterTable('devices').addColumn(name, 'bigint').execute();
  }
  await db.schema
    .createIndex('devices_project_status')
    .on('devices')
    .columns(['project_id', 'status'])
    .execute();

  // ── devices seen on the broker but not claimed by any project ("devices to be verified") ────────
  await db.schema
    .createTable('pending_devices')
    .addColumn('sn', 'text', (c) => c.primaryKey())
    // The project whose claimed device is this device's uplink parent, if any: it is offered there.
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('model', 'text', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('mac', 'text', notNull)
    .addColumn('firmware_version', 'text', notNull)
    .addColumn('ip', 'text')
    .addColumn('uplink_sn', 'text')
    .addColumn('online', 'integer', zero)
    .addColumn('first_seen_at', 'bigint', notNull)
    .addColumn('last_seen_at', 'bigint', notNull)
    .addColumn('dismissed_at', 'bigint')
    .execute();
  await db.schema.createIndex('pending_devices_project').on('pending_devices').column('project_id').execute();

  // ── telemetry ──────────────────────────────────────────────────────────────────────────────────
  await db.schema
    .createTable('telemetry_raw')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('ts', 'bigint', notNull)
    .addColumn('tx_bytes', 'bigint', zero) // delta since the previous sample
    .addColumn('rx_bytes', 'bigint', zero)
    .addColumn('tx_rate', 'double precision', zero)
    .addColumn('rx_rate', 'double precision', zero)
    .addColumn('clients', 'integer', zero)
    .addColumn('cpu', 'double precision')
    .addColumn('memory', 'double precision')
    .execute();
  await db.schema
    .createIndex('telemetry_raw_device_ts')
    .on('telemetry_raw')
    .columns(['device_id', 'ts'])
    .execute();
  await rollupColumns(db.schema.createTable('telemetry_5m'), 'telemetry_5m_pk').execute();
  await rollupColumns(db.schema.createTable('telemetry_1h'), 'telemetry_1h_pk').execute();
  await seriesColumns(db.schema.createTable('project_series_5m'))
    .addPrimaryKeyConstraint('project_series_5m_pk', ['project_id', 'kind', 'bucket'])
    .execute();
  await seriesColumns(db.schema.createTable('project_series_1h'))
    .addPrimaryKeyConstraint('project_series_1h_pk', ['project_id', 'kind', 'bucket'])
    .execute();

  // ── clients: the latest snapshot per device, and a daily history per project ────────────────────
  await db.schema
    .createTable('clients')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('mac', 'text', notNull)
    .addColumn('ip', 'text')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('connection', 'text', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('ssid', 'text')
    .addColumn('band', 'text')
    .addColumn('rssi', 'integer')
    .addColumn('auth', 'text')
    .addColumn('port', 'text')
    .addColumn('vlan', 'integer')
    .addColumn('tx_bytes', 'bigint', zero)
    .addColumn('rx_bytes', 'bigint', zero)
    .addColumn('tx_rate', 'double precision', zero)
    .addColumn('rx_rate', 'double precision', zero)
    .addColumn('uptime', 'integer', zero)
    .addColumn('updated_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('clients_pk', ['device_id', 'mac'])
    .execute();
  await db.schema.createIndex('clients_project').on('clients').column('project_id').execute();
  await db.schema
    .createTable('client_days')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('day', 'text', notNull) // YYYY-MM-DD in the project's time zone
    .addColumn('mac', 'text', notNull)
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('auth', 'text')
    .addColumn('first_seen_at', 'bigint', notNull)
    .addColumn('last_seen_at', 'bigint', notNull)
    .addColumn('tx_bytes', 'bigint', zero)
    .addColumn('rx_bytes', 'bigint', zero)
    .addPrimaryKeyConstraint('client_days_pk', ['project_id', 'day', 'mac'])
    .execute();

  // ── events (alarms and logs) and command jobs ───────────────────────────────────────────────────
  await withId(db, db.schema.createTable('device_events'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('event_id', 'text', notNull) // the device's own id: duplicates are ignored
    .addColumn('kind', 'text', notNull) // alarm | log
    .addColumn('severity', 'text', notNull)
    .addColumn('code', 'text', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('at', 'bigint', notNull)
    .addColumn('read', 'integer', zero)
    .addUniqueConstraint('device_events_unique', ['device_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('device_events_project_at')
    .on('device_events')
    .columns(['project_id', 'at'])
    .execute();

  await db.schema
    .createTable('commands')
    .addColumn('id', 'text', (c) => c.primaryKey()) // sent to the device; it executes an id once
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('name', 'text', notNull)
    .addColumn('args_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', notNull) // pending | sent | done | failed | expired
    .addColumn('stage', 'text')
    .addColumn('percent', 'integer')
    .addColumn('result_code', 'integer')
    .addColumn('result_message', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('commands_device_status')
    .on('commands')
    .columns(['device_id', 'status'])
    .execute();

  // ── per-account preferences (table columns, shrink, page size…) ─────────────────────────────────
  await db.schema
    .createTable('account_preferences')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('key', 'text', notNull)
    .addColumn('value_json', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addPrimaryKeyConstraint('account_preferences_pk', ['account_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'account_preferences',
    'commands',
    'device_events',
    'client_days',
    'clients',
    'project_series_1h',
    'project_series_5m',
    'telemetry_1h',
    'telemetry_5m',
    'telemetry_raw',
    'pending_devices',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('devices_project_status').ifExists().execute();
  for (const name of [
    'model',
    'mac',
    'firmware_version',
    'hardware_version',
    'ip',
    'location',
    'remark',
    'uplink_sn',
    'uplink_port',
    'uplink_kind',
    'boot_id',
    'state_json',
    'management_mode',
    'mesh_role',
    'uptime',
    'clients',
    'config_version',
    'cpu',
    'memory',
    'tx_rate',
    'rx_rate',
    'last_seen_at',
    'status_changed_at',
  ]) {
    await db.schema.alterTable('devices').dropColumn(name).execute();
  }
}
