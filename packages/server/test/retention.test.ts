/**
 * Retention in bounded batches (issue 11 §4): one run prunes telemetry, the clients' daily history,
 * device events and alarms and the change log, each by its own period, never more than `batchRows`
 * rows per statement, and stops at its row budget so a backlog goes over several runs. Nothing
 * inside a retention period is deleted, nor an alarm still active that can clear.
 */
import { expect, it } from 'vitest';
import type { DbHandle } from '../src/db';
import type { PruneLimits } from '../src/db/prune';
import { AlarmStore } from '../src/features/alarms/store';
import { ClientStore } from '../src/features/clients/store';
import { projectLog } from '../src/features/config/projectLog';
import { RetentionJob } from '../src/features/telemetry/retention';
import { TelemetryStore } from '../src/features/telemetry/store';
import { describeEachDb, TestClock } from './harness';
import { clientDay, emptyRollup, seedDevice, seedProject, silent, useSuiteDb } from './telemetry-fixtures';

const DAY = 86400_000;
const RETENTION_DAYS = 30;

/** The app's retention run: telemetry's tables and every feature's history, as app.ts wires them. */
function retentionJob(h: DbHandle, clock: TestClock, limits: PruneLimits): RetentionJob {
  const job = new RetentionJob(new TelemetryStore(h.db), clock, silent, RETENTION_DAYS, 3600_000, limits);
  const clients = new ClientStore(h.db);
  const alarms = new AlarmStore(h.db);
  // The change log as the system log prunes it (every project at the default period here).
  const log = projectLog(h.db);
  job.add(async (c, b) => ({ client_days: await clients.pruneDays(c.day, b) }));
  job.add(async (c, b) => ({ device_events: await alarms.pruneEvents(c.log, b) }));
  job.add(async (c, b) => ({ audit_log: await log.prune(() => c.log, b) }));
  return job;
}

async function count(h: DbHandle, table: 'telemetry_raw' | 'telemetry_5m' | 'device_events' | 'audit_log') {
  const r = await h.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function insertMany<T>(rows: T[], insert: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

describeEachDb('retention in bounded batches', (kind) => {
  const db = useSuiteDb(kind);

  it('prunes a backlog over several bounded batches and runs, and keeps everything inside retention', async () => {
    const h = db();
    const clock = new TestClock();
    const now = clock.now();
    const projectId = await seedProject(h);
    const devices: number[] = [];
    for (let i = 0; i < 12; i++) devices.push(await seedDevice(h, projectId));

    // Raw samples: 5 days of backlog every 10 min per device (old: 3 days, beyond the ~48 h kept),
    // and the last day (kept). 12 × (432 old + 144 kept).
    const raw = devices.flatMap((device_id) =>
      Array.from({ length: 576 }, (_, i) => ({
        device_id,
        ts: now - 4 * DAY + i * 600_000 + 1,
        tx_bytes: 1,
        rx_bytes: 1,
        tx_rate: 0,
        rx_rate: 0,
        clients: 0,
      })),
    );
    await insertMany(raw, (part) => h.db.insertInto('telemetry_raw').values(part).execute());
    const rawKept = raw.filter((r) => r.ts >= now - 48 * 3600_000).length;
    // 5-minute rollups: 10 days hourly per device; 7 days kept.
    const five = devices.flatMap((device_id) =>
      Array.from({ length: 240 }, (_, i) => emptyRollup(device_id, now - 10 * DAY + i * 3600_000 + 1)),
    );
    await insertMany(five, (part) => h.db.insertInto('telemetry_5m').values(part).execute());
    const fiveKept = five.filter((r) => r.bucket >= now - 7 * DAY).length;

    // Events: a log a day for 40 days per device; plus old alarms: one still active that can clear
    // (kept), one cleared (goes), one that cannot clear (goes).
    let eventSeq = 0;
    const event = (device_id: number, at: number, over: Record<string, unknown> = {}) => ({
      device_id,
      project_id: projectId,
      event_id: `e${++eventSeq}`,
      kind: 'log',
      severity: 'info',
      code: 'config_applied',
      text: 'x',
      at,
      read: 0,
      ...over,
    });
    const events = devices.flatMap((d) =>
      Array.from({ length: 40 }, (_, i) => event(d, now - 40 * DAY + i * DAY + 1)),
    );
    const [d0] = devices as [number];
    events.push(
      event(d0, now - 35 * DAY, { kind: 'alarm', code: 'device_offline', event_id: 'active' }),
      event(d0, now - 35 * DAY, {
        kind: 'alarm',
        code: 'device_offline',
        event_id: 'cleared',
        cleared_at: now - 34 * DAY,
      }),
      event(d0, now - 35 * DAY, { kind: 'alarm', code: 'login_failed', event_id: 'unclearable' }),
    );
    await insertMany(events, (part) => h.db.insertInto('device_events').values(part).execute());
    const eventsKept = events.filter((e) => e.at >= now - RETENTION_DAYS * DAY).length + 1; // + the active alarm

    // The change log: an entry a day for 40 days; client days: 40 days of one client.
    const audit = Array.from({ length: 40 }, (_, i) => ({
      project_id: projectId,
      account_id: null,
      device_id: null,
      device_name: null,
      action: 'config_save',
      summary: 's',
      created_at: now - 40 * DAY + i * DAY + 1,
    }));
    await insertMany(audit, (part) => h.db.insertInto('audit_log').values(part).execute());
    const days = Array.from({ length: 40 }, (_, i) =>
      clientDay(
        projectId,
        new Date(now - 40 * DAY + i * DAY).toISOString().slice(0, 10),
        'aa:bb:cc:00:00:01',
      ),
    );
    await insertMany(days, (part) => h.db.insertInto('client_days').values(part).execute());

    const oldRows = raw.length - rawKept + (five.length - fiveKept);
    const limits: PruneLimits = { batchRows: 250, scopeIds: 4, maxRowsPerRun: 3000 };
    const runs: { rows: number; batches: number; largest: number; truncated: boolean }[] = [];
    for (let i = 0; i < 10; i++) {
      const job = retentionJob(h, clock, limits);
      await job.runOnce();
      const s = job.lastStats;
      if (!s) throw new Error('no run stats');
      runs.push({ rows: s.rows, batches: s.batches, largest: s.largestBatchRows, truncated: s.truncated });
      if (!s.truncated) break;
    }
    // The backlog (over 4,000 telemetry rows) took several runs at 3,000 rows each, every statement
    // at most 250 rows.
    expect(oldRows).toBeGreaterThan(4000);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.slice(0, -1).every((r) => r.truncated && r.rows >= limits.maxRowsPerRun)).toBe(true);
    expect(runs.every((r) => r.largest <= limits.batchRows)).toBe(true);
    const batches = runs.reduce((a, r) => a + r.batches, 0);
    expect(batches).toBeGreaterThanOrEqual(oldRows / limits.batchRows);

    // Exactly what is inside each retention is left.
    expect(await count(h, 'telemetry_raw')).toBe(rawKept);
    expect(await count(h, 'telemetry_5m')).toBe(fiveKept);
    expect(await count(h, 'audit_log')).toBe(
      audit.filter((a) => a.created_at >= now - RETENTION_DAYS * DAY).length,
    );
    expect(await count(h, 'device_events')).toBe(eventsKept);
    const alarms = await h.db
      .selectFrom('device_events')
      .select('event_id')
      .where('kind', '=', 'alarm')
      .execute();
    expect(alarms.map((a) => a.event_id)).toEqual(['active']);
    const keptDays = await h.db.selectFrom('client_days').select('day').orderBy('day').execute();
    // A day of slack for the project zones: the days from 31 days back on stay.
    expect(keptDays[0]?.day).toBe(new Date(now - (RETENTION_DAYS + 1) * DAY).toISOString().slice(0, 10));
    expect(keptDays).toHaveLength(RETENTION_DAYS + 1);

    // A run with nothing left to delete deletes nothing.
    const idle = retentionJob(h, clock, limits);
    const deleted = await idle.runOnce();
    expect(Object.values(deleted).every((n) => n === 0)).toBe(true);
    expect(idle.lastStats?.truncated).toBe(false);
  });
});
