// Data-growth bench, one database (run with tsx by dataGrowth.mjs): a day of a sample fleet written
// through the server's own writers on a moved clock — the telemetry writer (raw rows, 5-minute and
// hourly rollups, project series), the series sampler, the client-snapshot writer (current clients,
// daily history) and the device plane's event writer — then each table's size (SQLite: dbstat;
// PostgreSQL: pg_total_relation_size, with the VACUUM autovacuum would run done every 10 minutes),
// and one retention run two days later (longest batch).
// Usage: dataGrowthDay.ts <DATABASE_URL> <devices>; prints one JSON line.
// The server's request types include the cookie plugin's (app.ts registers it; the features' routes use it).
/// <reference types="@fastify/cookie" />
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import { openDatabase } from '../../packages/server/src/db';
import { migrateToLatest } from '../../packages/server/src/db/migrate';
import { AlarmStore } from '../../packages/server/src/features/alarms/store';
import { ClientStore } from '../../packages/server/src/features/clients/store';
import { ClientSnapshotWriter, type Snapshot } from '../../packages/server/src/features/clients/writer';
import { projectLog } from '../../packages/server/src/features/config/projectLog';
import { DeviceStore } from '../../packages/server/src/features/devices/store';
import { ProjectStore } from '../../packages/server/src/features/projects/store';
import { seriesKindOf } from '../../packages/server/src/features/telemetry/kinds';
import { RetentionJob } from '../../packages/server/src/features/telemetry/retention';
import type { Sample } from '../../packages/server/src/features/telemetry/rollup';
import { SeriesSampler } from '../../packages/server/src/features/telemetry/sampler';
import { TelemetryStore } from '../../packages/server/src/features/telemetry/store';
import { TelemetryWriter } from '../../packages/server/src/features/telemetry/writer';
import { DeviceWriter } from '../../packages/server/src/gateway/deviceWriter';

const [url, devicesArg] = process.argv.slice(2);
if (!url || !devicesArg) throw new Error('usage: dataGrowthDay.ts <DATABASE_URL> <devices>');
const N = Number(devicesArg);
const DAY = 86400_000;
const INTERVAL = 30_000; // the protocol's default telemetry interval: telemetry, state, clients
const SAMPLE_MS = 60_000; // the series sampler's default
const CLIENTS_PER_AP = 10; // associated at any moment
const CLIENT_POOL = 40; // distinct clients an AP sees in a day (a few shifts of ~10)
const EVENTS_PER_DAY = 8; // logs and alarms per device per day (an alarm and its clearing included)
const MIX = ['ap', 'ap', 'ap', 'ap', 'ap', 'ap', 'switch', 'switch', 'v7', 'ap']; // v7: the gateway

const logger = pino({ level: 'warn' });
const h = openDatabase(url);
const db = h.db;
await migrateToLatest(db);

let now = Date.parse('2026-03-10T00:00:00.000Z');
const clock = { now: () => now };
const iso = new Date(now).toISOString();

// Set-up (not what is measured): an owner, a project, N claimed devices.
const account = await db
  .insertInto('accounts')
  .values({
    cloud_code: `c${randomBytes(6).toString('hex')}`,
    password_hash: 'x',
    nick: 'bench',
    role: 0,
    company_name: '',
    company_location: '',
    created_at: iso,
    updated_at: iso,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const project = await db
  .insertInto('projects')
  .values({
    name: 'Growth',
    net_mode: 0,
    scenario: 'hotel',
    location: '',
    address: '',
    time_zone: 'Asia/Shanghai',
    type_flag: 0,
    owner_id: account.id,
    created_at: iso,
    updated_at: iso,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const projectId = project.id;
const devices: { id: number; type: string }[] = [];
for (let i = 0; i < N; i++) {
  const type = MIX[i % MIX.length] as string;
  const row = await db
    .insertInto('devices')
    .values({
      project_id: projectId,
      sn: `GROWTH${String(i).padStart(8, '0')}`,
      type,
      name: `${type}-${i}`,
      status: 1,
      created_at: iso,
      model: type === 'ap' ? 'AP-820' : type === 'switch' ? 'SW-24P' : 'GW-500',
      mac: `02:00:00:${((i >> 16) & 255).toString(16).padStart(2, '0')}:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`,
      firmware_version: '1.2.3',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  devices.push({ id: row.id, type });
}

// The writers, as the app wires them (without the live bus).
const telemetryStore = new TelemetryStore(db);
const telemetry = new TelemetryWriter(telemetryStore, clock, logger, null, {
  maxRows: 1000,
  maxDelayMs: 100,
  tickIntervalMs: 0,
});
const sampler = new SeriesSampler(db, telemetryStore, clock, logger);
const projects = new ProjectStore(db);
const deviceStore = new DeviceStore(db);
const clients = new ClientSnapshotWriter(
  new ClientStore(db),
  telemetryStore,
  {
    projects: { settingsOf: (ids) => projects.settingsOf(ids) },
    devices: { projectsOf: (ids) => deviceStore.projectsOf(ids) },
  },
  clock,
  logger,
  null,
);
const events = new DeviceWriter(db, logger);

const mac = (device: number, k: number) =>
  `5c:${(device >> 8).toString(16).padStart(2, '0')}:${(device & 255).toString(16).padStart(2, '0')}:00:00:${k.toString(16).padStart(2, '0')}`;
const snapshotOf = (d: { id: number; type: string }, t: number, step: number): Snapshot => {
  // Clients come in shifts: the set moves by one client every (day / pool) so ~pool MACs a day.
  const shift = Math.floor(((t % DAY) / DAY) * CLIENT_POOL);
  const count = d.type === 'ap' ? CLIENTS_PER_AP : d.type === 'switch' ? 4 : 0;
  return {
    deviceId: d.id,
    projectId,
    at: t,
    clients: Array.from({ length: count }, (_, k) => {
      const n = (shift + k) % CLIENT_POOL;
      return {
        mac: mac(d.id, n),
        ip: `10.${d.id & 255}.0.${n + 10}`,
        name: `client-${n}`,
        connection: d.type === 'ap' ? 'wireless' : 'wired',
        type: 'phone',
        ssid: d.type === 'ap' ? 'Hotel-Guest' : null,
        band: d.type === 'ap' ? (n % 2 ? '5G' : '2.4G') : null,
        rssi: d.type === 'ap' ? -50 - (n % 30) : null,
        auth: d.type === 'ap' ? 'WPA2-PSK' : null,
        port: d.type === 'switch' ? String(n % 24) : null,
        vlan: null,
        tx_bytes: 1000 * step + n,
        rx_bytes: 5000 * step + n,
        tx_rate: 1200 + n,
        rx_rate: 8000 + n,
        uptime: 60 * step,
      };
    }),
  };
};

const started = performance.now();
const start = now;
const eventEvery = Math.floor(DAY / INTERVAL / EVENTS_PER_DAY);
let eventSeq = 0;
for (let step = 0; step < DAY / INTERVAL; step++) {
  now = start + step * INTERVAL;
  for (const [i, d] of devices.entries()) {
    const sample: Sample = {
      device_id: d.id,
      projectId,
      kind: seriesKindOf(d.type),
      ts: now + i, // devices spread over the interval
      tx_bytes: 30_000 + i,
      rx_bytes: 240_000 + step,
      tx_rate: 1000 + (step % 7),
      rx_rate: 8000 + (i % 11),
      clients: d.type === 'ap' ? CLIENTS_PER_AP : 0,
      cpu: 10 + (step % 50),
      memory: 40 + (i % 20),
    };
    telemetry.add(sample);
    clients.add(snapshotOf(d, now, step));
    if ((step + i) % eventEvery === 0) {
      const alarm = eventSeq % 4 === 0;
      events.addEvents([
        {
          device_id: d.id,
          project_id: projectId,
          event_id: `ev-${++eventSeq}`,
          kind: alarm ? 'alarm' : 'log',
          severity: alarm ? 'warning' : 'info',
          code: alarm ? 'cpu_high' : 'config_applied',
          text: alarm ? 'CPU usage is above 90 %' : 'Configuration version 12 applied',
          at: now,
          read: 0,
          ...(alarm
            ? { subject: null, threshold: 90, cleared_at: now + 600_000, cleared_text: 'back under 90 %' }
            : {}),
        },
      ]);
    }
  }
  if (step % (SAMPLE_MS / INTERVAL) === 0) await sampler.runOnce();
  await clients.flush();
  if (step % 10 === 9) await telemetry.flush();
  await events.flush();
  // PostgreSQL: what autovacuum does in a running database (the replaced client rows and updated
  // rollups leave dead tuples whose space it makes reusable), every 10 minutes of the day.
  if (h.kind === 'postgres' && step % 20 === 19)
    await sql`vacuum clients, client_days, telemetry_5m, telemetry_1h, project_series_5m, project_series_1h, devices`.execute(
      db,
    );
}
await telemetry.flush();
await clients.flush();
await events.flush();
const writeMs = performance.now() - started;

/** Bytes per table, indexes included. */
async function sizes(): Promise<Record<string, number>> {
  if (h.kind === 'sqlite') {
    const { rows } = await sql<{ tbl: string; bytes: number }>`
      select m.tbl_name as tbl, sum(s.pgsize) as bytes from dbstat s join sqlite_master m on m.name = s.name
      group by m.tbl_name`.execute(db);
    return Object.fromEntries(rows.map((r) => [r.tbl, Number(r.bytes)]));
  }
  await sql`vacuum analyze`.execute(db);
  const { rows } = await sql<{ tbl: string; bytes: string }>`
    select c.relname as tbl, pg_total_relation_size(c.oid) as bytes from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname = current_schema()`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.tbl, Number(r.bytes)]));
}
const after = await sizes();
const counts: Record<string, number> = {};
for (const t of [
  'telemetry_raw',
  'telemetry_5m',
  'telemetry_1h',
  'client_days',
  'clients',
  'device_events',
] as const) {
  const r = await db
    .selectFrom(t)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  counts[t] = Number(r.n);
}

// Two days on: the day's raw rows are past the ~48 h kept; one retention run deletes them in batches.
now = start + 3 * DAY;
const job = new RetentionJob(telemetryStore, clock, logger, 30);
const alarmStore = new AlarmStore(db);
const clientStore = new ClientStore(db);
// The system log as the runlog feature prunes it (every project at the default period here).
const log = projectLog(db);
job.add(async (c, b) => ({ client_days: await clientStore.pruneDays(c.day, b) }));
job.add(async (c, b) => ({ device_events: await alarmStore.pruneEvents(c.log, b) }));
job.add(async (c, b) => ({ audit_log: await log.prune(() => c.log, b) }));
const pruneStarted = performance.now();
const deleted = await job.runOnce();
const pruneMs = performance.now() - pruneStarted;

console.log(
  JSON.stringify({
    kind: h.kind,
    devices: N,
    writeMs,
    sizes: after,
    counts,
    prune: { ms: pruneMs, deleted, ...job.lastStats },
  }),
);
await db.destroy();
