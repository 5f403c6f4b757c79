import os from 'node:os';
import path from 'node:path';
import type { RfRun } from '@netloom/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrate';
import { rfAutoJob } from '../src/features/rf/service';
import { JobLeases, PeriodicSingleton } from '../src/lib/singleton';
import { buildProject, signedInUser } from './factories';
import {
  createSuiteDatabase,
  describeEachDb,
  RecordingSms,
  type SuiteDatabase,
  type TestApp,
  TestClock,
} from './harness';

// Once-per-cluster jobs (issue 11 §3): two console nodes on one database claim each slot of a
// scheduled job in `job_leases`; exactly one of them runs it.

/** Two apps ("nodes") on one suite database, one shared test clock (nodes agree on the time). */
function useTwoNodes(kind: 'sqlite' | 'postgres'): () => [TestApp, TestApp] {
  let suiteDb: SuiteDatabase | undefined;
  const nodes: TestApp[] = [];
  const clock = new TestClock();
  beforeAll(async () => {
    suiteDb = await createSuiteDatabase(kind);
    const config = loadConfig({
      DATABASE_URL: suiteDb.url,
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT: '0',
      MQTT_PORT: '0',
      DEMO_ENABLED: 'false',
      WEB_DIR: path.join(os.tmpdir(), 'netloom-no-web-build'),
    });
    for (let i = 0; i < 2; i++) {
      const database = openDatabase(config.DATABASE_URL);
      if (i === 0) await migrateToLatest(database.db);
      const sms = new RecordingSms();
      const app = await buildApp(config, { database, clock, smsSender: sms, scryptLogN: 10 });
      await app.ready();
      nodes.push({ app, clock, sms, database });
    }
  });
  afterAll(async () => {
    for (const n of nodes) {
      await n.app.close();
      await n.database.db.destroy();
    }
    await suiteDb?.drop();
  });
  return () => [nodes[0] as TestApp, nodes[1] as TestApp];
}

describeEachDb('once-per-cluster jobs: two nodes on one database', (kind) => {
  const get = useTwoNodes(kind);

  it('a slot is claimed by exactly one of many concurrent claimers, and every slot once', async () => {
    const [a, b] = get();
    const leases = [a, b, a, b].map((n) => new JobLeases(n.database.db, n.clock));
    for (const slot of [1, 2, 3]) {
      const won = await Promise.all(leases.map((l) => l.claim('test.job', slot)));
      expect(won.filter(Boolean)).toHaveLength(1);
      const winner = leases[won.indexOf(true)];
      expect(await (leases[0] as JobLeases).holderOf('test.job', slot)).toBe(winner?.holder);
    }
    // Another job's slot 1 is its own.
    expect(await (leases[1] as JobLeases).claim('other.job', 1)).toBe(true);
  });

  it('a periodic job runs once per slot whichever node ticks, and again in the next slot', async () => {
    const [a, b] = get();
    const runs: string[] = [];
    const job = (name: string, n: TestApp) =>
      new PeriodicSingleton({
        job: 'test.periodic',
        intervalMs: 60_000,
        run: async () => {
          runs.push(name);
        },
        leases: new JobLeases(n.database.db, n.clock),
        clock: n.clock,
        logger: { error: () => {} },
      });
    const jobs = [job('a', a), job('b', b)];
    expect((await Promise.all(jobs.map((j) => j.tick()))).filter(Boolean)).toHaveLength(1);
    // Ticking again in the same slot (a restarted node, a late timer) runs nothing.
    expect((await Promise.all(jobs.map((j) => j.tick()))).filter(Boolean)).toHaveLength(0);
    a.clock.advance(60);
    expect((await Promise.all(jobs.map((j) => j.tick()))).filter(Boolean)).toHaveLength(1);
    expect(runs).toHaveLength(2);
  });

  it('telemetry retention prunes once per hour across the nodes', async () => {
    const [a, b] = get();
    // Both nodes tried this hour's slot at start: one of them pruned, the other skipped.
    const ticks = () => Promise.all([a, b].map((n) => n.app.features.telemetry.retentionTick()));
    expect((await ticks()).filter(Boolean)).toHaveLength(0);
    a.clock.advance(3600);
    expect((await ticks()).filter(Boolean)).toHaveLength(1);
    expect((await ticks()).filter(Boolean)).toHaveLength(0);
  });

  it('an automatic RF run is started by one node per scheduled instant', async () => {
    const [a, b] = get();
    const ticks = () => Promise.all([a, b].map((n) => n.app.features.rf.runs.autoTick()));
    // Earlier tests moved the shared clock: 10:00 UTC of the next day, and both nodes tick there first.
    a.clock.t = Date.parse('2026-03-11T10:00:00.000Z');
    expect(await ticks()).toEqual([0, 0]);
    const { client } = await signedInUser(a);
    const projectId = (await client.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;
    // 18:30 at +8 (the project's default zone) is 10:30 UTC, every day.
    const saved = await client.call('PUT', `/api/projects/${projectId}/config/rf`, {
      baseVersion: 0,
      settings: {
        auto: true,
        autoDays: [0, 1, 2, 3, 4, 5, 6],
        autoTime: '18:30',
        useDfs: false,
        accessThreshold: -85,
        roaming: { enabled: false, signalThreshold24: -75, signalThreshold5: -72, roamThreshold: 8 },
      },
    });
    expect(saved.body.code).toBe(0);
    // What a run does is rf.test.ts's business: here only who starts it.
    const starts = [a, b].map((n) =>
      vi.spyOn(n.app.features.rf.runs, 'startRun').mockResolvedValue({} as RfRun),
    );
    try {
      a.clock.advance(20 * 60);
      expect(await ticks()).toEqual([0, 0]);
      a.clock.advance(20 * 60); // 10:40: the 10:30 instant fell in both nodes' last tick
      expect((await ticks()).reduce((x, y) => x + y)).toBe(1);
      expect(starts.reduce((n, s) => n + s.mock.calls.length, 0)).toBe(1);
      const slot = Date.parse('2026-03-11T10:30:00.000Z');
      expect(await new JobLeases(a.database.db, a.clock).holderOf(rfAutoJob(projectId), slot)).toBeTruthy();
      // The next day's instant is started once again.
      a.clock.advance(24 * 3600);
      expect((await ticks()).reduce((x, y) => x + y)).toBe(1);
      expect(starts.reduce((n, s) => n + s.mock.calls.length, 0)).toBe(2);
    } finally {
      for (const s of starts) s.mockRestore();
    }
  });
});

describe('the slot arithmetic of a periodic job', () => {
  it('numbers slots by wall-clock interval', () => {
    const clock = new TestClock();
    const job = new PeriodicSingleton({
      job: 'x',
      intervalMs: 3_600_000,
      run: async () => {},
      leases: { claim: async () => true },
      clock,
      logger: { error: () => {} },
    });
    expect(job.slotAt(3_600_000 * 5)).toBe(5);
    expect(job.slotAt(3_600_000 * 6 - 1)).toBe(5);
  });
});
