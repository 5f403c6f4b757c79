import type {
  ClientData,
  DeviceData,
  DeviceTelemetry,
  NetworkStatus,
  ProjectOverview,
} from '@netloom/domain';
import { deviceDownFilter } from '@netloom/protocol';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { expect, it } from 'vitest';
import { ClientDayStore } from '../src/features/monitoring/clientDayStore';
import { ClientDays } from '../src/features/monitoring/clientDays';
import { MonitoringService } from '../src/features/monitoring/service';
import { MonitoringStore } from '../src/features/monitoring/store';
import { FIVE_MINUTES, ONE_HOUR } from '../src/features/telemetry/kinds';
import type { SeriesRow } from '../src/features/telemetry/rollup';
import { createProject, DEVICE_ENV } from './devices.fixtures';
import { signedInUser } from './factories';
import {
  claimDevice,
  connectDevice,
  devicePublish,
  fullState,
  HELLO,
  mqttTcpUrl,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';
import { seedDevice, seedProject, T0, TestClock, useSuiteDb } from './telemetry-fixtures';

/** Records the tables every query names and the rows every query returns. */
class ReadRecorder implements KyselyPlugin {
  readonly queries: { tables: string[]; rows: number }[] = [];
  private readonly pending = new WeakMap<object, string[]>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tables = new Set<string>();
    const walk = (n: unknown): void => {
      if (!n || typeof n !== 'object') return;
      const node = n as { kind?: string; table?: { identifier?: { name?: string } } };
      if (node.kind === 'TableNode' && node.table?.identifier?.name) tables.add(node.table.identifier.name);
      for (const v of Object.values(n)) walk(v);
    };
    walk(args.node);
    this.pending.set(args.queryId, [...tables]);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.queries.push({ tables: this.pending.get(args.queryId) ?? [], rows: args.result.rows.length });
    return args.result;
  }
}

function series(projectId: number, kind: string, bucket: number, over: Partial<SeriesRow> = {}): SeriesRow {
  return {
    project_id: projectId,
    kind,
    bucket,
    samples: 0,
    tx_bytes: 0,
    rx_bytes: 0,
    tx_rate_max: 0,
    rx_rate_max: 0,
    clients_sum: 0,
    clients_max: 0,
    online_sum: 0,
    total_max: 0,
    ...over,
  };
}

describeEachDb('monitoring reads', (kind) => {
  const db = useSuiteDb(kind);

  it('serves a 30-day chart of a large project from a bounded number of project-series rows', async () => {
    const h = db();
    const projectId = await seedProject(h);
    const other = await seedProject(h);
    const ids: number[] = [];
    const types = ['ap', 'ap', 'ap', 'switch', 'v7'];
    for (let i = 0; i < 200; i++)
      ids.push(
        await seedDevice(h, projectId, { type: types[i % 5], status: i % 7 === 0 ? 0 : 1, clients: i % 13 }),
      );
    const now = T0 + 40 * 86400_000 + 17 * 60_000;
    const hourNow = now - (now % ONE_HOUR);
    // Per-device hourly rollups for the last week (what a naive chart would scan) …
    const perDevice = [];
    for (const id of ids)
      for (let k = 0; k < 168; k++)
        perDevice.push({
          device_id: id,
          bucket: hourNow - k * ONE_HOUR,
          samples: 120,
          tx_bytes: 1,
          rx_bytes: 1,
          tx_rate_max: 1,
          rx_rate_max: 1,
          clients_sum: 1,
          clients_max: 1,
          cpu_sum: 0,
          memory_sum: 0,
        });
    for (let i = 0; i < perDevice.length; i += 1000)
      await h.db
        .insertInto('telemetry_1h')
        .values(perDevice.slice(i, i + 1000))
        .execute();
    // … and the project series the charts really read: 31 days, every kind, and another project.
    const rows: SeriesRow[] = [];
    for (let k = 0; k < 31 * 24; k++) {
      const bucket = hourNow - k * ONE_HOUR;
      rows.push(
        series(projectId, 'internet', bucket, {
          samples: 60,
          tx_bytes: 3_600_000,
          rx_bytes: 7_200_000,
          tx_rate_max: 5000,
          rx_rate_max: 9000,
          online_sum: 60,
          total_max: 1,
        }),
      );
      rows.push(
        series(projectId, 'switch', bucket, {
          samples: 60,
          tx_bytes: 10,
          rx_bytes: 20,
          online_sum: 120,
          total_max: 2,
        }),
      );
      rows.push(
        series(projectId, 'ap', bucket, {
          samples: 60,
          clients_sum: 600,
          clients_max: 12,
          online_sum: 180,
          total_max: 3,
        }),
      );
      rows.push(series(projectId, 'client', bucket, { samples: 60, clients_sum: 1200, clients_max: 25 }));
      rows.push(series(other, 'internet', bucket, { samples: 1, tx_bytes: 999 }));
    }
    for (let i = 0; i < rows.length; i += 1000)
      await h.db
        .insertInto('project_series_1h')
        .values(rows.slice(i, i + 1000))
        .execute();

    const recorder = new ReadRecorder();
    const clock = new TestClock();
    clock.t = now;
    const alarms = { unread: async () => 0 };
    const projects = { settingsOf: async () => new Map() };
    const service = new MonitoringService(
      new MonitoringStore(h.db.withPlugin(recorder)),
      clock,
      alarms,
      projects,
      new ClientDays(new ClientDayStore(h.db), clock),
    );
    const status = await service.status(projectId, '30d');

    expect(status.bucketMs).toBe(ONE_HOUR);
    expect(status.to).toBe(hourNow);
    expect(status.from).toBe(hourNow - 719 * ONE_HOUR);
    for (const panel of [status.internet, status.switch, status.ap, status.client])
      expect(panel.series).toHaveLength(720);
    // Full hours: 3.6 MB in 3,600 s = 1,000 B/s; averages over 60 samples.
    expect(status.internet.series[0]).toEqual({
      t: status.from,
      txRate: 1000,
      rxRate: 2000,
      txRateMax: 5000,
      rxRateMax: 9000,
      online: 1,
    });
    expect(status.ap.series[5]).toMatchObject({ clients: 10, online: 3 });
    expect(status.client.series[5]).toMatchObject({ clients: 20, clientsMax: 25 });
    expect(status.switch.series[5]).toMatchObject({ txBytes: 10, rxBytes: 20, online: 2 });
    // The current hour has run 17 minutes: its rate is over the elapsed part.
    expect(status.internet.series[719]?.txRate).toBe(Math.round(3_600_000 / (17 * 60)));
    expect(status.internet.totalDevices).toBe(40);
    expect(status.ap.total).toBe(120);

    const seriesReads = recorder.queries.filter((q) => q.tables.some((t) => t.startsWith('project_series')));
    expect(seriesReads).toHaveLength(1);
    expect(seriesReads[0]?.tables).toEqual(['project_series_1h']);
    expect(seriesReads[0]?.rows).toBe(4 * 720);
    expect(recorder.queries.some((q) => q.tables.some((t) => t.startsWith('telemetry')))).toBe(false);
    // Everything else is small aggregates (one row per device type / client band).
    const total = recorder.queries.reduce((n, q) => n + q.rows, 0);
    expect(total).toBeLessThanOrEqual(4 * 720 + 10);

    // 24 h reads the 5-minute table: 288 points.
    const day = await service.status(projectId, '24h');
    expect(day.bucketMs).toBe(FIVE_MINUTES);
    expect(day.internet.series).toHaveLength(288);
    expect((await service.status(projectId, '12h')).client.series).toHaveLength(144);
    expect((await service.status(projectId, '72h')).ap.series).toHaveLength(72);
    expect((await service.status(projectId, '7d')).switch.series).toHaveLength(168);
  });
});

describeEachDb('monitoring routes', (kind) => {
  const get = useTestApp(kind, { env: DEVICE_ENV });

  it('fills the status page from device telemetry sent over MQTT', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client);
    const sn = uniqueSn();
    const deviceId = await claimDevice(t, projectId, sn, 'v7');
    const dev = await connectDevice(mqttTcpUrl(t.app), sn);
    try {
      await dev.subscribeAsync(deviceDownFilter(sn), { qos: 1 });
      await devicePublish(dev, sn, 'hello', {
        ...HELLO,
        capabilities: [...HELLO.capabilities],
        model: 'NL-G300',
        type: 'v7',
      });
      await devicePublish(dev, sn, 'state', fullState());
      await devicePublish(dev, sn, 'telemetry', {
        txBytes: 1000,
        rxBytes: 2000,
        txRate: 10,
        rxRate: 20,
        clients: 1,
      });
      await new Promise((r) => setTimeout(r, 20));
      await devicePublish(dev, sn, 'telemetry', {
        txBytes: 61_000,
        rxBytes: 122_000,
        txRate: 700,
        rxRate: 900,
        clients: 3,
      });
      await devicePublish(dev, sn, 'clients', {
        clients: [
          {
            mac: '30:00:00:00:00:01',
            name: 'pc',
            connection: 'wired',
            type: 'computer',
            txBytes: 1,
            rxBytes: 2,
            txRate: 0,
            rxRate: 0,
            uptime: 1,
            port: 2,
          },
        ],
      });
      const { telemetry, clients } = t.app.features;
      await waitFor(async () => {
        await telemetry.flush();
        return telemetry.stats.committed >= 2 ? true : undefined;
      });
      await clients.flush();
      await t.app.devicePlane.writer.flush();
      await telemetry.sampleNow();

      const status = await client.get<NetworkStatus>(`/api/projects/${projectId}/status?range=12h`);
      expect(status.body.code).toBe(0);
      const s = status.body.data as NetworkStatus;
      expect(s.internet).toMatchObject({
        online: true,
        onlineDevices: 1,
        totalDevices: 1,
        txRate: 700,
        rxRate: 900,
      });
      const last = s.internet.series.at(-1);
      expect(last?.txRateMax).toBe(700);
      expect(last?.online).toBe(1);
      const bytes = s.internet.series.reduce((n, p) => n + p.txRate, 0);
      expect(bytes).toBeGreaterThan(0);
      expect(s.client).toMatchObject({ total: 1, wired: 1, wireless: 0 });
      expect(s.client.series.at(-1)?.clients).toBe(1);

      const overview = await client.get<ProjectOverview>(`/api/projects/${projectId}/overview`);
      expect(overview.body.data).toMatchObject({
        onlineDevices: 1,
        totalDevices: 1,
        clients: 1,
        alarmsUnread: 0,
        traffic: { txRate: 700, rxRate: 900 },
      });
      expect(overview.body.data?.devices).toEqual([{ type: 'v7', online: 1, total: 1 }]);
      expect(overview.body.data?.trend).toHaveLength(24);

      // The device's own chart, from its rollups; CPU and memory come from its state.
      const own = await client.get<DeviceTelemetry>(
        `/api/projects/${projectId}/devices/${deviceId}/telemetry?range=24h`,
      );
      expect(own.body.code).toBe(0);
      expect(own.body.data?.series).toHaveLength(288);
      expect(own.body.data?.series.at(-1)).toMatchObject({
        txRateMax: 700,
        rxRateMax: 900,
        clients: 2,
        clientsMax: 3,
        cpu: 12.5,
        memory: 40,
      });
      const otherProject = await createProject(client);
      expect(
        (await client.get(`/api/projects/${otherProject}/devices/${deviceId}/telemetry`)).body.code,
      ).toBe(901);

      expect((await client.get(`/api/projects/${projectId}/status?range=1y`)).status).toBe(400);
      const stranger = await signedInUser(t);
      expect((await stranger.client.get(`/api/projects/${projectId}/status`)).body.code).toBe(73);
    } finally {
      await dev.endAsync();
    }
  });

  it('answers device data and client data from the fleet and the daily client history', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = await createProject(client, { timeZone: 0 });
    const h = t.database;
    const mk = (over: Parameters<typeof seedDevice>[2]) => seedDevice(h, projectId, over);
    await mk({ type: 'ap', model: 'NL-A3000C', firmware: 'V1.1.5', clients: 12, status: 1 });
    await mk({ type: 'ap', model: 'NL-A3000C', firmware: 'V1.1.5', clients: 30, status: 1 });
    await mk({ type: 'ap', model: 'NL-A1200', firmware: 'V1.0.9', clients: 5, status: 0 });
    await mk({ type: 'switch', model: 'NL-S2008P', firmware: 'V2.0.1', status: 1 });
    await mk({ type: 'v7', model: null, firmware: null, status: 1 });
    const data = await client.get<DeviceData>(`/api/projects/${projectId}/device-data`);
    expect(data.body.data?.versions).toEqual([
      { name: 'V1.1.5', count: 2 },
      { name: 'Unknown', count: 1 },
      { name: 'V1.0.9', count: 1 },
      { name: 'V2.0.1', count: 1 },
    ]);
    expect(data.body.data?.models[0]).toEqual({ name: 'NL-A3000C', count: 2 });
    expect(data.body.data?.apLoad.map((a) => [a.clients, a.online])).toEqual([
      [30, true],
      [12, true],
      [5, false],
    ]);

    // Days in the project's zone (UTC here), as of the app's clock.
    const now = t.clock.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const yesterday = new Date(now - 86400_000).toISOString().slice(0, 10);
    const old = new Date(now - 20 * 86400_000).toISOString().slice(0, 10);
    const day = (d: string, mac: string, tx: number, auth: string | null) => ({
      project_id: projectId,
      day: d,
      mac,
      name: `n-${mac.slice(-2)}`,
      auth,
      first_seen_at: 1,
      last_seen_at: 2,
      tx_bytes: tx,
      rx_bytes: tx * 2,
    });
    await h.db
      .insertInto('client_days')
      .values([
        day(today, '40:00:00:00:00:01', 100, 'WPA2-PSK'),
        day(today, '40:00:00:00:00:02', 900, 'WPA3-SAE'),
        day(today, '40:00:00:00:00:03', 50, null),
        day(yesterday, '40:00:00:00:00:01', 1000, 'WPA2-PSK'),
        day(old, '40:00:00:00:00:09', 1_000_000, 'WPA2-PSK'),
      ])
      .execute();
    const week = (await client.get<ClientData>(`/api/projects/${projectId}/client-data?range=7d`)).body
      .data as ClientData;
    expect(week.passengerFlow.at(-1)).toEqual({ day: today, clients: 3 });
    expect(week.passengerFlow.at(-2)).toEqual({ day: yesterday, clients: 1 });
    expect(week.passengerFlow.length).toBeGreaterThanOrEqual(7);
    expect(week.trafficTop.map((c) => [c.mac, c.totalBytes])).toEqual([
      ['40:00:00:00:00:01', 3300],
      ['40:00:00:00:00:02', 2700],
      ['40:00:00:00:00:03', 150],
    ]);
    // Client-days: the client 1 connected with WPA2-PSK on two days of the week.
    expect(week.authTypes).toEqual([
      { name: 'WPA2-PSK', count: 2 },
      { name: 'WPA3-SAE', count: 1 },
    ]);
    const month = (await client.get<ClientData>(`/api/projects/${projectId}/client-data?range=30d`)).body
      .data as ClientData;
    expect(month.trafficTop[0]?.mac).toBe('40:00:00:00:00:09');
    expect(month.authTypes).toEqual([
      { name: 'WPA2-PSK', count: 3 },
      { name: 'WPA3-SAE', count: 1 },
    ]);
  });
});
