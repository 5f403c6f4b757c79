import { describe, expect, it } from 'vitest';
import { CounterTracker } from '../src/features/telemetry/counters';
import { TelemetryIngest } from '../src/features/telemetry/device';
import { bucketOf, FIVE_MINUTES, ONE_HOUR, seriesKindOf } from '../src/features/telemetry/kinds';
import { TelemetryStore } from '../src/features/telemetry/store';
import { TelemetryWriter } from '../src/features/telemetry/writer';
import type { UpContext, UpData } from '../src/gateway/types';
import { describeEachDb } from './harness';
import { seedDevice, seedProject, silent, T0, TestClock, useSuiteDb } from './telemetry-fixtures';

describe('counter deltas', () => {
  it('takes the first sample as a baseline, then differences', () => {
    const c = new CounterTracker();
    expect(c.delta(1, 1000, 500, 700)).toEqual({ tx: 0, rx: 0 });
    expect(c.delta(1, 2000, 800, 750)).toEqual({ tx: 300, rx: 50 });
    expect(c.delta(2, 2000, 10, 10)).toEqual({ tx: 0, rx: 0 }); // devices are independent
  });
  it('treats a decrease as a reboot: the new value is the delta from 0', () => {
    const c = new CounterTracker();
    c.delta(1, 1000, 500, 700);
    expect(c.delta(1, 2000, 40, 900)).toEqual({ tx: 40, rx: 900 });
    expect(c.delta(1, 3000, 100, 1000)).toEqual({ tx: 60, rx: 100 });
  });
  it('gives a late (older) sample no bytes and keeps the newer baseline', () => {
    const c = new CounterTracker();
    c.delta(1, 1000, 500, 500);
    c.delta(1, 3000, 900, 900);
    expect(c.delta(1, 2000, 700, 700)).toEqual({ tx: 0, rx: 0 });
    expect(c.delta(1, 4000, 1000, 950)).toEqual({ tx: 100, rx: 50 });
  });
});

describe('reboots announced by hello', () => {
  it('counts the whole counter after a new bootId, even above the old value', () => {
    const queued: number[] = [];
    const ingest = new TelemetryIngest({ add: (s) => queued.push(s.tx_bytes) }, new Set());
    const ctx = (at: number): UpContext => ({
      sn: 'S',
      device: { deviceId: 1, projectId: 1, sn: 'S', type: 'ap', status: 1 },
      at,
    });
    const hello = (bootId: string) => ({ bootId }) as UpData<'hello'>;
    ingest.handleHello(ctx(0), hello('boot1'));
    ingest.handleTelemetry(ctx(1000), telemetry(100, 100, 0, 0, 0));
    ingest.handleTelemetry(ctx(2000), telemetry(150, 100, 0, 0, 0));
    ingest.handleHello(ctx(2500), hello('boot1')); // a reconnect, not a reboot
    ingest.handleTelemetry(ctx(3000), telemetry(170, 100, 0, 0, 0));
    ingest.handleHello(ctx(3500), hello('boot2'));
    ingest.handleTelemetry(ctx(4000), telemetry(400, 100, 0, 0, 0));
    expect(queued).toEqual([0, 50, 20, 400]);
  });
});

describe('buckets and kinds', () => {
  it('puts a sample at a bucket start in that bucket and one ms before in the previous', () => {
    expect(bucketOf(T0, FIVE_MINUTES)).toBe(T0);
    expect(bucketOf(T0 + FIVE_MINUTES - 1, FIVE_MINUTES)).toBe(T0);
    expect(bucketOf(T0 + FIVE_MINUTES, FIVE_MINUTES)).toBe(T0 + FIVE_MINUTES);
    expect(bucketOf(T0 + ONE_HOUR - 1, ONE_HOUR)).toBe(T0);
  });
  it('maps device types to panels', () => {
    expect(seriesKindOf('v7')).toBe('internet');
    expect(seriesKindOf('router')).toBe('internet');
    expect(seriesKindOf('mesh', 0)).toBe('internet');
    expect(seriesKindOf('mesh', 1)).toBe('ap');
    expect(seriesKindOf('switch')).toBe('switch');
    expect(seriesKindOf('ap')).toBe('ap');
    expect(seriesKindOf('nvr')).toBeNull();
  });
});

function telemetry(
  tx: number,
  rx: number,
  txRate: number,
  rxRate: number,
  clients: number,
): UpData<'telemetry'> {
  return { v: 1, ts: 0, txBytes: tx, rxBytes: rx, txRate, rxRate, clients };
}

describeEachDb('rollup correctness', (kind) => {
  const db = useSuiteDb(kind);

  it('rolls known samples into exact 5-minute, hourly and project-series buckets', async () => {
    const h = db();
    const projectId = await seedProject(h);
    const ap = await seedDevice(h, projectId, { type: 'ap' });
    const gw = await seedDevice(h, projectId, { type: 'v7' });
    const store = new TelemetryStore(h.db);
    // No timer flushes in this test: the test decides where the transactions are.
    const writer = new TelemetryWriter(store, new TestClock(), silent, null, {
      maxRows: 1000,
      maxDelayMs: 3_600_000,
      tickIntervalMs: 0,
    });
    const ingest = new TelemetryIngest(writer, new Set());
    const ctx = (deviceId: number, type: string, at: number): UpContext => ({
      sn: `SN${deviceId}`,
      device: { deviceId, projectId, sn: `SN${deviceId}`, type, status: 1 },
      at,
    });
    const apAt = (at: number, t: UpData<'telemetry'>) => ingest.handleTelemetry(ctx(ap, 'ap', at), t);

    apAt(T0, telemetry(1000, 5000, 10, 50, 2)); // baseline: no bytes
    apAt(T0 + 60_000, telemetry(1600, 5500, 20, 60, 4)); // +600 / +500
    apAt(T0 + FIVE_MINUTES - 1, telemetry(2000, 6000, 5, 5, 3)); // +400 / +500, last ms of bucket 1
    apAt(T0 + FIVE_MINUTES, telemetry(2100, 6100, 30, 70, 5)); // +100 / +100, first ms of bucket 2
    apAt(T0 + 360_000, telemetry(50, 80, 1, 1, 1)); // reboot: +50 / +80
    ingest.handleTelemetry(ctx(gw, 'v7', T0 + 10_000), telemetry(10, 10, 0, 0, 0));
    ingest.handleTelemetry(ctx(gw, 'v7', T0 + 40_000), telemetry(1010, 2010, 900, 1900, 6));
    await writer.flush();

    const five = await h.db
      .selectFrom('telemetry_5m')
      .selectAll()
      .where('device_id', '=', ap)
      .orderBy('bucket')
      .execute();
    expect(five.map((r) => ({ ...r }))).toEqual([
      {
        device_id: ap,
        bucket: T0,
        samples: 3,
        tx_bytes: 1000,
        rx_bytes: 1000,
        tx_rate_max: 20,
        rx_rate_max: 60,
        clients_sum: 9,
        clients_max: 4,
        cpu_sum: 0,
        memory_sum: 0,
      },
      {
        device_id: ap,
        bucket: T0 + FIVE_MINUTES,
        samples: 2,
        tx_bytes: 150,
        rx_bytes: 180,
        tx_rate_max: 30,
        rx_rate_max: 70,
        clients_sum: 6,
        clients_max: 5,
        cpu_sum: 0,
        memory_sum: 0,
      },
    ]);
    const hour = await h.db.selectFrom('telemetry_1h').selectAll().where('device_id', '=', ap).execute();
    expect(hour).toHaveLength(1);
    expect(hour[0]).toMatchObject({
      bucket: T0,
      samples: 5,
      tx_bytes: 1150,
      rx_bytes: 1180,
      tx_rate_max: 30,
      rx_rate_max: 70,
      clients_sum: 15,
      clients_max: 5,
    });
    // Average clients of the first 5-minute bucket: 9 / 3.
    expect(Number(five[0]?.clients_sum) / Number(five[0]?.samples)).toBe(3);

    const raw = await h.db
      .selectFrom('telemetry_raw')
      .selectAll()
      .where('device_id', '=', ap)
      .orderBy('ts')
      .execute();
    expect(raw.map((r) => [r.ts - T0, r.tx_bytes, r.rx_bytes])).toEqual([
      [0, 0, 0],
      [60_000, 600, 500],
      [FIVE_MINUTES - 1, 400, 500],
      [FIVE_MINUTES, 100, 100],
      [360_000, 50, 80],
    ]);

    // Project series: the AP feeds `ap`, the gateway `internet`; bytes add up per bucket.
    const series = await h.db
      .selectFrom('project_series_5m')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('kind')
      .orderBy('bucket')
      .execute();
    expect(
      series.map((r) => [r.kind, r.bucket - T0, r.tx_bytes, r.rx_bytes, r.tx_rate_max, r.rx_rate_max]),
    ).toEqual([
      ['ap', 0, 1000, 1000, 20, 60],
      ['ap', FIVE_MINUTES, 150, 180, 30, 70],
      ['internet', 0, 1000, 2000, 900, 1900],
    ]);

    // Without the device plane the writer stores the latest rates itself.
    const dev = await h.db
      .selectFrom('devices')
      .select(['tx_rate', 'rx_rate', 'clients'])
      .where('id', '=', gw)
      .executeTakeFirstOrThrow();
    expect(dev).toEqual({ tx_rate: 900, rx_rate: 1900, clients: 6 });

    // A late sample (older than the device's last one) and a newer one, in a later transaction:
    // the late one adds no bytes but counts in its own, already stored, bucket.
    apAt(T0 + 120_000, telemetry(1800, 5800, 40, 90, 7));
    apAt(T0 + 420_000, telemetry(150, 180, 3, 4, 2));
    await writer.flush();
    const after = await h.db
      .selectFrom('telemetry_5m')
      .selectAll()
      .where('device_id', '=', ap)
      .orderBy('bucket')
      .execute();
    expect(after[0]).toMatchObject({
      samples: 4,
      tx_bytes: 1000,
      rx_bytes: 1000,
      tx_rate_max: 40,
      rx_rate_max: 90,
      clients_sum: 16,
      clients_max: 7,
    });
    expect(after[1]).toMatchObject({
      samples: 3,
      tx_bytes: 250,
      rx_bytes: 280,
      tx_rate_max: 30,
      clients_sum: 8,
    });
    const hourAfter = await h.db
      .selectFrom('telemetry_1h')
      .selectAll()
      .where('device_id', '=', ap)
      .executeTakeFirstOrThrow();
    expect(hourAfter).toMatchObject({
      samples: 7,
      tx_bytes: 1250,
      rx_bytes: 1280,
      tx_rate_max: 40,
      rx_rate_max: 90,
      clients_sum: 24,
      clients_max: 7,
    });
    const apRow = await h.db
      .selectFrom('devices')
      .select(['tx_rate', 'rx_rate', 'clients'])
      .where('id', '=', ap)
      .executeTakeFirstOrThrow();
    expect(apRow).toEqual({ tx_rate: 3, rx_rate: 4, clients: 2 });
  });

  it('merges many samples of one bucket into one upsert and survives an hour boundary', async () => {
    const h = db();
    const projectId = await seedProject(h);
    const sw = await seedDevice(h, projectId, { type: 'switch' });
    const writer = new TelemetryWriter(new TelemetryStore(h.db), new TestClock(), silent, null, {
      maxRows: 1000,
      maxDelayMs: 3_600_000,
      tickIntervalMs: 0,
    });
    const ingest = new TelemetryIngest(writer, new Set());
    const start = T0 + ONE_HOUR - 30 * 30_000; // 15 minutes before the hour
    for (let i = 0; i <= 60; i++) {
      ingest.handleTelemetry(
        {
          sn: 'x',
          device: { deviceId: sw, projectId, sn: 'x', type: 'switch', status: 1 },
          at: start + i * 30_000,
        },
        telemetry(i * 1000, i * 2000, i, 2 * i, i % 7),
      );
    }
    await writer.flush();
    const hours = await h.db
      .selectFrom('telemetry_1h')
      .selectAll()
      .where('device_id', '=', sw)
      .orderBy('bucket')
      .execute();
    // Samples 0–29 in the first hour (the first is the baseline), 30–60 in the next.
    expect(hours.map((r) => [r.bucket - T0, r.samples, r.tx_bytes, r.rx_bytes, r.tx_rate_max])).toEqual([
      [0, 30, 29_000, 58_000, 29],
      [ONE_HOUR, 31, 31_000, 62_000, 60],
    ]);
    const fives = await h.db
      .selectFrom('telemetry_5m')
      .select(['samples', 'tx_bytes'])
      .where('device_id', '=', sw)
      .execute();
    expect(fives).toHaveLength(7); // 15 min before (3 buckets) + 15 min after (3) + the sample at +15:00
    expect(fives.reduce((n, r) => n + Number(r.samples), 0)).toBe(61);
    expect(fives.reduce((n, r) => n + Number(r.tx_bytes), 0)).toBe(60_000);
    const series = await h.db
      .selectFrom('project_series_1h')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('bucket')
      .execute();
    expect(series.map((r) => [r.kind, r.tx_bytes])).toEqual([
      ['switch', 29_000],
      ['switch', 31_000],
    ]);
  });
});
