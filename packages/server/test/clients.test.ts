import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db';
import { ClientStore } from '../src/features/clients/store';
import {
  ClientSnapshotWriter,
  DEFAULT_SNAPSHOT_BATCH,
  fold,
  type Snapshot,
  type SnapshotBatchOptions,
} from '../src/features/clients/writer';
import { DeviceStore } from '../src/features/devices/store';
import { ProjectStore } from '../src/features/projects/store';
import { FIVE_MINUTES } from '../src/features/telemetry/kinds';
import { TelemetryStore } from '../src/features/telemetry/store';
import { describeEachDb } from './harness';
import {
  RecordingLive,
  seedDevice,
  seedProject,
  silent,
  T0,
  TestClock,
  useSuiteDb,
} from './telemetry-fixtures';

type Row = Snapshot['clients'][number];

/** The snapshot writer as the clients feature builds it, on a suite database. */
function snapshotWriter(
  db: Db,
  opts: { clock: TestClock; live: RecordingLive | null; batch: Partial<SnapshotBatchOptions> },
) {
  const writer = new ClientSnapshotWriter(
    new ClientStore(db),
    new TelemetryStore(db),
    // What the clients feature asks the projects and devices features, answered from their tables.
    { projects: new ProjectStore(db), devices: new DeviceStore(db) },
    opts.clock,
    silent,
    opts.live,
    {
      ...DEFAULT_SNAPSHOT_BATCH,
      ...opts.batch,
    },
  );
  return { writer };
}
function client(mac: string, over: Partial<Row> = {}): Row {
  return {
    mac,
    ip: '192.168.10.100',
    name: `host-${mac.slice(-2)}`,
    connection: 'wireless',
    type: 'phone',
    ssid: 'Office',
    band: '5G',
    rssi: -55,
    auth: 'WPA2-PSK',
    port: null,
    vlan: null,
    tx_bytes: 1000,
    rx_bytes: 5000,
    tx_rate: 10,
    rx_rate: 50,
    uptime: 60,
    ...over,
  };
}
const A = 'AA:00:00:00:00:0A';
const B = 'AA:00:00:00:00:0B';
const C = 'AA:00:00:00:00:0C';

describe('snapshot folding', () => {
  it('counts traffic since the previous snapshot, all bytes of a new client, and a reconnect from 0', () => {
    const previous = [
      { device_id: 1, mac: A, tx_bytes: 400, rx_bytes: 1000 },
      { device_id: 1, mac: B, tx_bytes: 900, rx_bytes: 900 },
    ];
    const snap: Snapshot = {
      deviceId: 1,
      projectId: 7,
      at: T0,
      clients: [
        client(A, { tx_bytes: 1000, rx_bytes: 5000 }),
        client(B, { tx_bytes: 100, rx_bytes: 200 }),
        client(C, { tx_bytes: 30, rx_bytes: 40, auth: null }),
      ],
    };
    const out = fold([snap], previous, new Map([[7, 'Asia/Shanghai']]));
    expect(out.rows.map((r) => r.mac)).toEqual([A, B, C]);
    expect(out.days.map((d) => [d.mac, d.day, d.tx_bytes, d.rx_bytes])).toEqual([
      [A, '2026-03-10', 600, 4000],
      [B, '2026-03-10', 100, 200],
      [C, '2026-03-10', 30, 40],
    ]);
    expect(out.series(FIVE_MINUTES)).toEqual([
      expect.objectContaining({ project_id: 7, kind: 'client', bucket: T0, tx_bytes: 730, rx_bytes: 4240 }),
    ]);
    expect(out.changed.has(1)).toBe(true); // C joined
  });

  it('names the day in the project time zone and sees an unchanged set as unchanged', () => {
    const at = Date.parse('2026-03-10T17:30:00Z');
    const out = fold(
      [{ deviceId: 1, projectId: 7, at, clients: [client(A)] }],
      [{ device_id: 1, mac: A, tx_bytes: 0, rx_bytes: 0 }],
      new Map([[7, 'Asia/Shanghai']]),
    );
    expect(out.days[0]?.day).toBe('2026-03-11'); // 01:30 in Shanghai (UTC+8)
    expect(out.changed.size).toBe(0);
    const west = fold(
      [{ deviceId: 1, projectId: 7, at, clients: [client(A)] }],
      [],
      new Map([[7, 'America/Los_Angeles']]),
    );
    expect(west.days[0]?.day).toBe('2026-03-10');
  });
});

describeEachDb('client snapshots', (kind) => {
  const db = useSuiteDb(kind);

  it('replaces the device rows, accumulates client days, and publishes clients.changed', async () => {
    const h = db();
    const projectId = await seedProject(h);
    const ap1 = await seedDevice(h, projectId, { type: 'ap' });
    const ap2 = await seedDevice(h, projectId, { type: 'ap' });
    const live = new RecordingLive();
    const clock = new TestClock();
    const f = snapshotWriter(h.db, { clock, live, batch: { maxDelayMs: 60_000 } });
    f.writer.add({
      deviceId: ap1,
      projectId,
      at: T0,
      clients: [client(A, { tx_bytes: 100, rx_bytes: 1000 }), client(B)],
    });
    f.writer.add({
      deviceId: ap2,
      projectId,
      at: T0,
      clients: [
        client(C, { connection: 'wired', ssid: null, band: null, rssi: null, auth: null, port: '3' }),
      ],
    });
    await f.writer.flush();
    const macs = async (deviceId: number) =>
      (
        await h.db
          .selectFrom('clients')
          .select('mac')
          .where('device_id', '=', deviceId)
          .orderBy('mac')
          .execute()
      ).map((r) => r.mac);
    expect(await macs(ap1)).toEqual([A, B]);
    expect(await macs(ap2)).toEqual([C]);
    expect(
      live
        .of('clients.changed')
        .map((e) => e.deviceId)
        .sort(),
    ).toEqual([ap1, ap2].sort());

    // Two snapshots of ap1 before a commit: the newer wins. A roamed off, B stays, traffic adds up.
    f.writer.add({
      deviceId: ap1,
      projectId,
      at: T0 + 30_000,
      clients: [client(A, { tx_bytes: 150, rx_bytes: 1500 }), client(B)],
    });
    f.writer.add({
      deviceId: ap1,
      projectId,
      at: T0 + 60_000,
      clients: [client(B, { tx_bytes: 1600, rx_bytes: 5100 })],
    });
    await f.writer.flush();
    expect(await macs(ap1)).toEqual([B]);
    expect(await macs(ap2)).toEqual([C]);
    const days = await h.db
      .selectFrom('client_days')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('mac')
      .execute();
    expect(
      days.map((d) => [d.mac, d.tx_bytes, d.rx_bytes, d.first_seen_at - T0, d.last_seen_at - T0, d.auth]),
    ).toEqual([
      [A, 100, 1000, 0, 0, 'WPA2-PSK'],
      [B, 1600, 5100, 0, 60_000, 'WPA2-PSK'],
      [C, 1000, 5000, 0, 0, null],
    ]);
    expect(live.of('clients.changed')).toHaveLength(3); // ap1 changed again; ap2 not resent

    // The project's client series got every byte moved.
    const series = await h.db
      .selectFrom('project_series_5m')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('kind', '=', 'client')
      .execute();
    expect(series.map((r) => [r.tx_bytes, r.rx_bytes])).toEqual([[2700, 11100]]);

    // An empty snapshot empties the device.
    f.writer.add({ deviceId: ap2, projectId, at: T0 + 90_000, clients: [] });
    await f.writer.flush();
    expect(await macs(ap2)).toEqual([]);
  });

  it('writes snapshots of many devices in one batch and skips a device deleted meanwhile', async () => {
    const h = db();
    const projectId = await seedProject(h);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await seedDevice(h, projectId));
    const f = snapshotWriter(h.db, {
      clock: new TestClock(),
      live: null,
      batch: { maxDelayMs: 60_000, maxRows: 100_000 },
    });
    ids.forEach((id, i) => {
      const rows = Array.from({ length: 40 }, (_, j) =>
        client(`AA:00:00:00:${String(i).padStart(2, '0')}:${j.toString(16).padStart(2, '0').toUpperCase()}`),
      );
      f.writer.add({ deviceId: id, projectId, at: T0, clients: rows });
    });
    await h.db
      .deleteFrom('devices')
      .where('id', '=', ids[0] as number)
      .execute();
    await f.writer.flush();
    const n = await h.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(29 * 40);
    expect(f.writer.failedBatches).toBe(0);
  });
});
