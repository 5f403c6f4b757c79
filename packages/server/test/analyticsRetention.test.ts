/**
 * Analytics retention (docs/decisions.md analytics "Retention"): the analytics feature prunes its
 * events in the server's retention run — events of UTC days older than `ANALYTICS_RETENTION_DAYS`
 * go, the rest stay (and the data pivot counts them), never more than `batchRows` rows per
 * statement, a backlog over the row budget finished by the next run. On SQLite and PostgreSQL.
 */
import { expect, it } from 'vitest';
import type { DbHandle } from '../src/db';
import type { PruneLimits } from '../src/db/prune';
import { createAnalyticsFeature } from '../src/features/analytics';
import { AnalyticsStore } from '../src/features/analytics/store';
import { RetentionJob } from '../src/features/telemetry/retention';
import { TelemetryStore } from '../src/features/telemetry/store';
import { utcDay } from '../src/lib/clock';
import { describeEachDb, TestClock } from './harness';
import { silent, useSuiteDb } from './telemetry-fixtures';

const DAY = 86_400_000;
const KEEP_DAYS = 30;

/** The app's retention run with the analytics feature wired into it as app.ts does. */
function retentionWithAnalytics(h: DbHandle, clock: TestClock, limits: PruneLimits): RetentionJob {
  const job = new RetentionJob(new TelemetryStore(h.db), clock, silent, 30, 3600_000, limits);
  createAnalyticsFeature({
    db: h.db,
    clock,
    auth: { permissionsOf: async () => undefined, onSessionEnded: () => undefined },
    retention: { onRetention: (prune) => job.add(prune) },
    retentionDays: KEEP_DAYS,
  });
  return job;
}

async function seedAccount(h: DbHandle): Promise<number> {
  const now = new Date().toISOString();
  const r = await h.db
    .insertInto('accounts')
    .values({
      cloud_code: `a${Math.random().toString(36).slice(2, 10)}`,
      password_hash: 'x',
      nick: 'analyst',
      role: 0,
      company_name: '',
      company_location: '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** `perDay` events on each of `days` UTC days ending today (day 0 = today). */
async function seedEvents(h: DbHandle, accountId: number, now: number, days: number, perDay: number) {
  const store = new AnalyticsStore(h.db);
  for (let d = 0; d < days; d++) {
    const t = now - d * DAY;
    const rows = Array.from({ length: perDay }, (_, i) => ({
      account_id: accountId,
      terminal_id: 't1',
      event_key: `k-${d}-${i}`,
      event_name: 'page_view',
      event_desc: '',
      page_path: '/devices',
      params_json: '{}',
      event_time_ms: t,
      day: utcDay(t),
      duration_ms: 0,
      session_id: `s${d}`,
      app_version: '1.0.0',
      browser: 'Chromium',
      os: 'Linux',
      language: 'en',
      received_at: new Date(t).toISOString(),
    }));
    await store.addEvents(rows);
  }
}

async function daysKept(h: DbHandle): Promise<string[]> {
  const rows = await h.db.selectFrom('analytics_events').select('day').distinct().orderBy('day').execute();
  return rows.map((r) => r.day);
}

describeEachDb('analytics retention', (kind) => {
  const db = useSuiteDb(kind);

  it('prunes events older than the retention in bounded batches over runs, keeps the rest for the pivot', async () => {
    const h = db();
    const clock = new TestClock();
    const now = clock.now();
    const account = await seedAccount(h);
    // 45 days × 20 events: 15 days (300 events) beyond the 30 kept.
    await seedEvents(h, account, now, 45, 20);
    const oldest = utcDay(now - (KEEP_DAYS - 1) * DAY);

    const limits: PruneLimits = { batchRows: 40, scopeIds: 200, maxRowsPerRun: 200 };
    const first = retentionWithAnalytics(h, clock, limits);
    const deleted = await first.runOnce();
    // The budget stops the first run (200 of 300); no statement deletes more than its bound.
    expect(deleted.analytics_events).toBe(200);
    expect(first.lastStats?.truncated).toBe(true);
    expect(first.lastStats?.largestBatchRows).toBeLessThanOrEqual(limits.batchRows);
    expect(first.lastStats?.batches).toBeGreaterThanOrEqual(200 / limits.batchRows);

    const second = retentionWithAnalytics(h, clock, limits);
    expect((await second.runOnce()).analytics_events).toBe(100);
    expect(second.lastStats?.truncated).toBe(false);
    expect(second.lastStats?.largestBatchRows).toBeLessThanOrEqual(limits.batchRows);

    const kept = await daysKept(h);
    expect(kept).toHaveLength(KEEP_DAYS);
    expect(kept[0]).toBe(oldest);
    expect(kept.at(-1)).toBe(utcDay(now));

    // The pivot counts what is kept: 20 events a day over the kept days.
    const counts = await new AnalyticsStore(h.db).counts('day', null, 'events', '2000-01-01', '2999-12-31');
    expect(counts).toHaveLength(KEEP_DAYS);
    expect(counts.every((c) => c.n === 20)).toBe(true);

    // Nothing more to prune: a run deletes nothing.
    expect((await retentionWithAnalytics(h, clock, limits).runOnce()).analytics_events).toBe(0);
  });
});
