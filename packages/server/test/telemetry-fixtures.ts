/**
 * Fixtures of the telemetry, clients and monitoring suites: a migrated suite database (SQLite or
 * PostgreSQL, via the harness) with an owner account, projects and devices inserted directly.
 */
import { randomBytes } from 'node:crypto';
import type { LiveEvent } from '@netloom/domain';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { type DbHandle, openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrate';
import type { ClientDaysTable, ClientsTable } from '../src/db/schema';
import { createSuiteDatabase, type DbKind, type SuiteDatabase, TestClock } from './harness';

export const silent = pino({ level: 'silent' });

export function useSuiteDb(kind: DbKind): () => DbHandle {
  let suite: SuiteDatabase | undefined;
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    suite = await createSuiteDatabase(kind);
    handle = openDatabase(suite.url);
    if (kind === 'postgres') await precreateMigrationTables(handle);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.db.destroy();
    await suite?.drop();
  });
  return () => {
    if (!handle) throw new Error('suite database not open');
    return handle;
  };
}

/**
 * Kysely's migrator looks for its own tables in ANY schema of the database (introspection without a
 * schema filter): while another suite's schema exists, it skips creating them in ours and then fails
 * on "kysely_migration_lock does not exist". Creating them first in the fresh schema avoids the race.
 */
async function precreateMigrationTables(h: DbHandle): Promise<void> {
  await sql`create table if not exists kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
    h.db,
  );
  await sql`create table if not exists kysely_migration_lock (id varchar(255) primary key, is_locked integer not null default 0)`.execute(
    h.db,
  );
}

let seq = 0;
const iso = '2026-03-10T10:00:00.000Z';

/** An owner account and a project (time zone Asia/Shanghai unless told). Returns the project id. */
export async function seedProject(h: DbHandle, opts: { timeZone?: string } = {}): Promise<number> {
  seq += 1;
  const account = await h.db
    .insertInto('accounts')
    .values({
      cloud_code: `c${randomBytes(6).toString('hex')}`,
      password_hash: 'x',
      nick: `owner${seq}`,
      role: 0,
      company_name: '',
      company_location: '',
      created_at: iso,
      updated_at: iso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const project = await h.db
    .insertInto('projects')
    .values({
      name: `Site ${seq}`,
      net_mode: 0,
      scenario: 'hotel',
      location: '',
      address: '',
      time_zone: opts.timeZone ?? 'Asia/Shanghai',
      type_flag: 0,
      owner_id: account.id,
      created_at: iso,
      updated_at: iso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await h.db
    .insertInto('project_members')
    .values({ project_id: project.id, account_id: account.id, right: 'own', created_at: iso })
    .execute();
  return project.id;
}

export interface DeviceSeed {
  type?: string;
  status?: number;
  name?: string;
  model?: string | null;
  firmware?: string | null;
  meshRole?: number | null;
  clients?: number | null;
}

export async function seedDevice(h: DbHandle, projectId: number, d: DeviceSeed = {}): Promise<number> {
  seq += 1;
  const row = await h.db
    .insertInto('devices')
    .values({
      project_id: projectId,
      sn: `SN${String(seq).padStart(6, '0')}${randomBytes(5).toString('hex').toUpperCase()}`,
      type: d.type ?? 'ap',
      name: d.name ?? `Device ${seq}`,
      status: d.status ?? 1,
      created_at: iso,
      model: d.model ?? null,
      firmware_version: d.firmware ?? null,
      mesh_role: d.meshRole ?? null,
      clients: d.clients ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A `clients` row with every column (nulls and zeros unless told). */
/** A per-device rollup row (telemetry_5m / telemetry_1h) with one sample of nothing. */
export function emptyRollup(device_id: number, bucket: number) {
  return {
    device_id,
    bucket,
    samples: 1,
    tx_bytes: 0,
    rx_bytes: 0,
    tx_rate_max: 0,
    rx_rate_max: 0,
    clients_sum: 0,
    clients_max: 0,
    cpu_sum: 0,
    memory_sum: 0,
  };
}

export function clientRow(
  deviceId: number,
  projectId: number,
  mac: string,
  over: Partial<ClientsTable> = {},
): ClientsTable {
  return {
    device_id: deviceId,
    project_id: projectId,
    mac,
    ip: null,
    name: '',
    connection: 'wireless',
    type: 'phone',
    ssid: null,
    band: null,
    rssi: null,
    auth: null,
    port: null,
    vlan: null,
    tx_bytes: 0,
    rx_bytes: 0,
    tx_rate: 0,
    rx_rate: 0,
    uptime: 0,
    updated_at: T0,
    ...over,
  };
}

/** A `client_days` row. */
export function clientDay(
  projectId: number,
  day: string,
  mac: string,
  over: Partial<ClientDaysTable> = {},
): ClientDaysTable {
  return {
    project_id: projectId,
    day,
    mac,
    name: '',
    auth: null,
    first_seen_at: T0,
    last_seen_at: T0,
    tx_bytes: 0,
    rx_bytes: 0,
    ...over,
  };
}

/** A live bus double that records what was published. */
export class RecordingLive {
  readonly events: LiveEvent[] = [];
  publish(e: LiveEvent): void {
    this.events.push(e);
  }
  of<T extends LiveEvent['type']>(type: T): Extract<LiveEvent, { type: T }>[] {
    return this.events.filter((e): e is Extract<LiveEvent, { type: T }> => e.type === type);
  }
}

export { TestClock };
/** 2026-03-10T10:00:00Z, the harness clock's start: an exact hour (and 5-minute) boundary. */
export const T0 = Date.parse(iso);
