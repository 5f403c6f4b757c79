import { expect, it } from 'vitest';
import { ClientStore } from '../src/features/clients/store';
import { DeviceStore } from '../src/features/devices/store';
import { TelemetryIngest } from '../src/features/telemetry/device';
import { FIVE_MINUTES, ONE_HOUR } from '../src/features/telemetry/kinds';
import { RetentionJob } from '../src/features/telemetry/retention';
import type { Sample } from '../src/features/telemetry/rollup';
import { SeriesSampler } from '../src/features/telemetry/sampler';
import { TelemetryStore } from '../src/features/telemetry/store';
import { TelemetryWriter } from '../src/features/telemetry/writer';
import type { UpContext, UpData } from '../src/gateway/types';
import { describeEachDb } from './harness';
import {
  clientDay,
  clientRow,
  emptyRollup,
  RecordingLive,
  seedDevice,
  seedProject,
  silent,
  T0,
  TestClock,
  useSuiteDb,
} from './telemetry-fixtures';

const sample = (deviceId: number, projectId: number, ts: number, over: Partial<Sample> = {}): Sample => ({
  device_id: deviceId,
  projectId,
  kind: 'ap',
  ts,
  tx_bytes: 1,
  rx_bytes: 2,
  tx_rate: 3,
  rx_rate: 4,
  clients: 5,
  cpu: null,
  memory: null,
  ...over,
});

describeEachDb('telemetry writer', (kind) => {
  const db = useSuiteDb(kind);

  it('commits at most 1,000 rows per transaction', async () => {
    const h = db();
    const projectId = await seedProject(h);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await seedDevice(h, projectId));
    const writer = new TelemetryWriter(new TelemetryStore(h.db), new TestClock(), silent, null, {
      maxRows: 1000,
      maxDelayMs: 60_000,
      tickIntervalMs: 0,
    });
    const batches: number[] = [];
    writer.onCommitted((b) => batches.push(b.length));
    for (let i = 0; i < 2500; i++) writer.add(sample(ids[i % 5] as number, projectId, T0 + i * 1000));
    await writer.flush();
    expect(batches.every((n) => n <= 1000)).toBe(true);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(2500);
    expect(batches.length).toBe(3);
    expect(writer.stats.committed).toBe(2500);
    const raw = await h.db
      .selectFrom('telemetry_raw')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(raw.n)).toBe(2500);
  });

  it('flushes a lone sample within 250 ms and publishes one throttled telemetry.tick per project', async () => {
    const h = db();
    const projectId = await seedProject(h);
    const dev = await seedDevice(h, projectId);
    const live = new RecordingLive();
    const clock = new TestClock();
    const writer = new TelemetryWriter(new TelemetryStore(h.db), clock, silent, live, {
      maxRows: 1000,
      maxDelayMs: 250,
      tickIntervalMs: 5000,
    });
    const committed = new Promise<number>((resolve) => writer.onCommitted(() => resolve(Date.now())));
    const queuedAt = Date.now();
    writer.add(sample(dev, projectId, T0));
    const at = await committed;
    // Flushed by its delay (≥ 250 ms less timer slack), not held for a full batch of rows; the upper
    // bound only rules out "never" on a machine that may be busy.
    expect(at - queuedAt).toBeGreaterThanOrEqual(200);
    expect(at - queuedAt).toBeLessThan(10_000);
    expect(live.of('telemetry.tick')).toEqual([{ type: 'telemetry.tick', projectId, at: clock.now() }]);
    writer.add(sample(dev, projectId, T0 + 1000));
    await writer.flush();
    expect(live.of('telemetry.tick')).toHaveLength(1); // within 5 s: throttled
    clock.advance(6);
    writer.add(sample(dev, projectId, T0 + 2000));
    await writer.flush();
    expect(live.of('telemetry.tick')).toHaveLength(2);
  });

  it('drops only the samples of a device deleted while queued', async () => {
    const h = db();
    const projectId = await seedProject(h);
    const keep = await seedDevice(h, projectId);
    const gone = await seedDevice(h, projectId);
    const writer = new TelemetryWriter(
      new TelemetryStore(h.db),
      new TestClock(),
      silent,
      null,
      { maxRows: 1000, maxDelayMs: 60_000, tickIntervalMs: 0 },
      null,
      // The devices feature answers which devices still exist.
      new DeviceStore(h.db),
    );
    writer.add(sample(keep, projectId, T0));
    writer.add(sample(gone, projectId, T0));
    await h.db.deleteFrom('devices').where('id', '=', gone).execute();
    await writer.flush();
    const rows = await h.db
      .selectFrom('telemetry_raw')
      .select('device_id')
      .where('device_id', 'in', [keep, gone])
      .execute();
    expect(rows).toEqual([{ device_id: keep }]);
    expect(writer.stats.failedBatches).toBe(0);
  });

  it('hands the latest rates to the device plane writer when there is one', async () => {
    const h = db();
    const projectId = await seedProject(h);
    const dev = await seedDevice(h, projectId);
    const patches: [number, object][] = [];
    const writer = new TelemetryWriter(
      new TelemetryStore(h.db),
      new TestClock(),
      silent,
      null,
      { maxRows: 1000, maxDelayMs: 60_000, tickIntervalMs: 0 },
      { patch: (id, p) => patches.push([id, p]) },
    );
    writer.add(sample(dev, projectId, T0 + 2000, { tx_rate: 7, rx_rate: 8, clients: 9 }));
    writer.add(sample(dev, projectId, T0 + 1000, { tx_rate: 1, rx_rate: 1, clients: 1 }));
    await writer.flush();
    expect(patches).toEqual([[dev, { tx_rate: 7, rx_rate: 8, clients: 9 }]]);
    const row = await h.db
      .selectFrom('devices')
      .select('tx_rate')
      .where('id', '=', dev)
      .executeTakeFirstOrThrow();
    expect(row.tx_rate).toBeNull(); // the plane's writer owns the row
  });

  it('ignores telemetry of devices no project has claimed, and keeps CPU and memory from state', async () => {
    const h = db();
    const projectId = await seedProject(h);
    const dev = await seedDevice(h, projectId, { type: 'switch' });
    const queued: Sample[] = [];
    const ingest = new TelemetryIngest({ add: (s) => queued.push(s) }, new Set());
    const t: UpData<'telemetry'> = { v: 1, ts: 0, txBytes: 1, rxBytes: 1, txRate: 1, rxRate: 1, clients: 0 };
    ingest.handleTelemetry({ sn: 'UNCLAIMED00000001', device: undefined, at: T0 }, t);
    expect(queued).toHaveLength(0);
    const ctx: UpContext = {
      sn: 'S',
      device: { deviceId: dev, projectId, sn: 'S', type: 'switch', status: 1 },
      at: T0,
    };
    ingest.handleState(ctx, {
      v: 1,
      ts: 0,
      status: 1,
      cpu: 37,
      memory: 61,
    } as unknown as UpData<'state'>);
    ingest.handleTelemetry(ctx, t);
    expect(queued[0]).toMatchObject({ device_id: dev, projectId, kind: 'switch', cpu: 37, memory: 61 });
  });
});

describeEachDb('series sampler', (kind) => {
  const db = useSuiteDb(kind);

  it('samples online / total per panel and clients into the current buckets', async () => {
    const h = db();
    const projectId = await seedProject(h);
    await seedDevice(h, projectId, { type: 'v7', status: 1, clients: 3 });
    await seedDevice(h, projectId, { type: 'ap', status: 1, clients: 10 });
    await seedDevice(h, projectId, { type: 'ap', status: 0, clients: 0 });
    await seedDevice(h, projectId, { type: 'ap', status: 9 });
    await seedDevice(h, projectId, { type: 'mesh', meshRole: 1, status: 1, clients: 4 });
    await seedDevice(h, projectId, { type: 'switch', status: 8 });
    const apId = await seedDevice(h, projectId, { type: 'ap', status: 1, clients: 2 });
    for (const mac of ['AA:00:00:00:00:01', 'AA:00:00:00:00:02']) {
      await h.db
        .insertInto('clients')
        .values(clientRow(apId, projectId, mac))
        .execute();
    }
    const clock = new TestClock();
    clock.t = T0 + 7 * 60_000; // in the second 5-minute bucket of the hour
    const sampler = new SeriesSampler(h.db, new TelemetryStore(h.db), clock, silent);
    await sampler.runOnce();
    clock.advance(60);
    await h.db.updateTable('devices').set({ status: 0 }).where('type', '=', 'v7').execute();
    await sampler.runOnce();
    const rows = await h.db
      .selectFrom('project_series_5m')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('kind')
      .execute();
    expect(
      rows.map((r) => [
        r.kind,
        r.bucket - T0,
        r.samples,
        r.online_sum,
        r.total_max,
        r.clients_sum,
        r.clients_max,
      ]),
    ).toEqual([
      // 3 APs + the secondary mesh node; 3 online, 16 clients, twice.
      ['ap', FIVE_MINUTES, 2, 6, 5, 32, 16],
      ['client', FIVE_MINUTES, 2, 0, 0, 4, 2],
      ['internet', FIVE_MINUTES, 2, 1, 1, 6, 3],
      ['switch', FIVE_MINUTES, 2, 2, 1, 0, 0],
    ]);
    const hourly = await h.db
      .selectFrom('project_series_1h')
      .selectAll()
      .where('project_id', '=', projectId)
      .execute();
    expect(hourly.every((r) => r.bucket === T0 && r.samples === 2)).toBe(true);
    expect([...sampler.meshSecondaries]).toHaveLength(1);
  });
});

describeEachDb('telemetry retention', (kind) => {
  const db = useSuiteDb(kind);

  it('keeps raw ~48 h, 5-minute rollups 7 days and hourly rollups for the retention period', async () => {
    const h = db();
    const projectId = await seedProject(h);
    const dev = await seedDevice(h, projectId);
    const now = T0 + 100 * 86400_000;
    const day = 86400_000;
    const rollup = (bucket: number) => emptyRollup(dev, bucket);
    const ages = [1, 47 / 24, 3, 6, 8, 29, 31, 89];
    for (const age of ages) {
      const ts = now - age * day;
      await h.db
        .insertInto('telemetry_raw')
        .values({ device_id: dev, ts, tx_bytes: 0, rx_bytes: 0, tx_rate: 0, rx_rate: 0, clients: 0 })
        .execute();
      await h.db.insertInto('telemetry_5m').values(rollup(ts)).execute();
      await h.db.insertInto('telemetry_1h').values(rollup(ts)).execute();
      await h.db
        .insertInto('project_series_1h')
        .values({
          project_id: projectId,
          kind: 'ap',
          bucket: ts,
          samples: 1,
          tx_bytes: 0,
          rx_bytes: 0,
          tx_rate_max: 0,
          rx_rate_max: 0,
          clients_sum: 0,
          clients_max: 0,
          online_sum: 0,
          total_max: 0,
        })
        .execute();
      await h.db
        .insertInto('client_days')
        .values(clientDay(projectId, new Date(ts).toISOString().slice(0, 10), 'AA:BB:CC:00:00:01'))
        .execute();
    }
    const clock = new TestClock();
    clock.t = now;
    const ageOf = (ts: number) => Math.round(((now - ts) / day) * 100) / 100;
    const left = async () => ({
      raw: (await h.db.selectFrom('telemetry_raw').select('ts').where('device_id', '=', dev).execute()).map(
        (r) => ageOf(r.ts),
      ),
      five: (
        await h.db.selectFrom('telemetry_5m').select('bucket').where('device_id', '=', dev).execute()
      ).map((r) => ageOf(r.bucket)),
      hour: (
        await h.db.selectFrom('telemetry_1h').select('bucket').where('device_id', '=', dev).execute()
      ).map((r) => ageOf(r.bucket)),
      series: (
        await h.db
          .selectFrom('project_series_1h')
          .select('bucket')
          .where('project_id', '=', projectId)
          .execute()
      ).length,
      days: (await h.db.selectFrom('client_days').select('day').where('project_id', '=', projectId).execute())
        .length,
    });

    // Telemetry's retention run, with the clients' daily history pruned in it as the clients feature registers it.
    const retention = (days: number) => {
      const job = new RetentionJob(new TelemetryStore(h.db), clock, silent, days);
      const clients = new ClientStore(h.db);
      job.add(async (cutoffs, batches) => ({ client_days: await clients.pruneDays(cutoffs.day, batches) }));
      return job;
    };
    await retention(90).runOnce();
    let l = await left();
    expect(l.raw.sort((a, b) => a - b)).toEqual([1, 1.96]);
    expect(l.five.sort((a, b) => a - b)).toEqual([1, 1.96, 3, 6]);
    expect(l.hour.sort((a, b) => a - b)).toEqual([1, 1.96, 3, 6, 8, 29, 31, 89]);

    const deleted = await retention(30).runOnce();
    l = await left();
    expect(l.hour.sort((a, b) => a - b)).toEqual([1, 1.96, 3, 6, 8, 29]);
    expect(l.series).toBe(6);
    // Client days keep one day of slack (days are local to each project's zone): 31 days stays.
    expect(l.days).toBe(7);
    expect(deleted.telemetry_1h).toBe(2);

    await retention(7).runOnce();
    expect((await left()).hour.sort((a, b) => a - b)).toEqual([1, 1.96, 3, 6]);
    expect(ONE_HOUR).toBe(3_600_000);
  });
});
