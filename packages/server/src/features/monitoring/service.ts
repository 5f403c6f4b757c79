/** Network status, device data, client data and the project overview (§2 monitoring screens). */
import type {
  ClientData,
  DeviceData,
  DeviceTelemetry,
  NetworkStatus,
  ProjectOverview,
  Share,
  TimeRange,
} from '@netloom/domain';
import { DEFAULT_TIME_ZONE, dateIn, ERR, TIME_RANGES } from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Alarms } from '../alarms';
import type { Projects } from '../projects';
import { bucketOf, type DeviceSeriesKind, ONE_HOUR, seriesKindOf } from '../telemetry';
import type { ClientDays } from './clientDays';
import { avg, byBucket, dense, denseOf, frameOf, rate } from './series';
import type { FleetRow, MonitoringStore } from './store';

const UNKNOWN = 'Unknown';

function sumKind(fleet: readonly FleetRow[], kind: DeviceSeriesKind) {
  const out = { total: 0, online: 0, clients: 0, txRate: 0, rxRate: 0 };
  for (const r of fleet) {
    if (seriesKindOf(r.type, r.mesh_role) !== kind) continue;
    out.total += r.total;
    out.online += r.online;
    out.clients += r.clients;
    out.txRate += r.tx_rate;
    out.rxRate += r.rx_rate;
  }
  return out;
}

function shares(rows: readonly { name: string | null; n: number }[]): Share[] {
  const merged = new Map<string, number>();
  for (const r of rows) {
    const name = r.name?.trim() ? r.name : UNKNOWN;
    merged.set(name, (merged.get(name) ?? 0) + r.n);
  }
  return [...merged]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

export class MonitoringService {
  constructor(
    private readonly store: MonitoringStore,
    private readonly clock: Clock,
    /** The alarm feature's count of unread alarms, so the KPI and the alarm list always agree. */
    private readonly alarms: Pick<Alarms, 'unread'>,
    /** The project's time zone (client data is per local day). */
    private readonly projects: Pick<Projects, 'settingsOf'>,
    /** Client data from per-day summaries (clientDays.ts). */
    private readonly clientDays: ClientDays,
  ) {}

  async status(projectId: number, range: TimeRange): Promise<NetworkStatus> {
    const frame = frameOf(range, this.clock.now());
    const [rows, fleet, split] = await Promise.all([
      this.store.series(projectId, frame.table, frame.from, frame.to),
      this.store.fleet(projectId),
      this.store.clientSplit(projectId),
    ]);
    const internet = sumKind(fleet, 'internet');
    const switches = sumKind(fleet, 'switch');
    const aps = sumKind(fleet, 'ap');
    const bands = new Map<string, number>();
    let wired = 0;
    let wireless = 0;
    for (const s of split) {
      if (s.connection === 'wired') wired += s.n;
      else {
        wireless += s.n;
        const band = s.band ?? UNKNOWN;
        bands.set(band, (bands.get(band) ?? 0) + s.n);
      }
    }
    return {
      range,
      bucketMs: frame.bucketMs,
      from: frame.from,
      to: frame.to,
      internet: {
        online: internet.total === 0 ? null : internet.online > 0,
        onlineDevices: internet.online,
        totalDevices: internet.total,
        txRate: internet.txRate,
        rxRate: internet.rxRate,
        series: dense(frame, byBucket(rows, 'internet'), (t, r, seconds) => ({
          t,
          txRate: rate(r?.tx_bytes, seconds),
          rxRate: rate(r?.rx_bytes, seconds),
          txRateMax: Number(r?.tx_rate_max ?? 0),
          rxRateMax: Number(r?.rx_rate_max ?? 0),
          online: avg(r?.online_sum, r?.samples),
        })),
      },
      switch: {
        online: switches.online,
        total: switches.total,
        series: dense(frame, byBucket(rows, 'switch'), (t, r) => ({
          t,
          txBytes: Number(r?.tx_bytes ?? 0),
          rxBytes: Number(r?.rx_bytes ?? 0),
          online: avg(r?.online_sum, r?.samples),
        })),
      },
      ap: {
        online: aps.online,
        total: aps.total,
        bands: [...bands]
          .map(([band, clients]) => ({ band, clients }))
          .sort((a, b) => a.band.localeCompare(b.band)),
        series: dense(frame, byBucket(rows, 'ap'), (t, r) => ({
          t,
          clients: avg(r?.clients_sum, r?.samples),
          online: avg(r?.online_sum, r?.samples),
        })),
      },
      client: {
        total: wired + wireless,
        wired,
        wireless,
        series: dense(frame, byBucket(rows, 'client'), (t, r) => ({
          t,
          clients: avg(r?.clients_sum, r?.samples),
          clientsMax: Number(r?.clients_max ?? 0),
          txBytes: Number(r?.tx_bytes ?? 0),
          rxBytes: Number(r?.rx_bytes ?? 0),
        })),
      },
    };
  }

  /** One device's chart from its own rollups; 901 when the device is not in the project. */
  async deviceTelemetry(projectId: number, deviceId: number, range: TimeRange): Promise<DeviceTelemetry> {
    const frame = frameOf(range, this.clock.now());
    const table = frame.table === 'project_series_5m' ? 'telemetry_5m' : 'telemetry_1h';
    const rows = await this.store.deviceRollups(projectId, deviceId, table, frame.from, frame.to);
    if (!rows) throw new AppError(ERR.DEVICE_NOT_FOUND);
    const byT = new Map(rows.map((r) => [Number(r.bucket), r]));
    return {
      range,
      bucketMs: frame.bucketMs,
      from: frame.from,
      to: frame.to,
      deviceId,
      series: denseOf(frame, byT, (t, r, seconds) => ({
        t,
        txRate: rate(r?.tx_bytes, seconds),
        rxRate: rate(r?.rx_bytes, seconds),
        txRateMax: Number(r?.tx_rate_max ?? 0),
        rxRateMax: Number(r?.rx_rate_max ?? 0),
        clients: avg(r?.clients_sum, r?.samples),
        clientsMax: Number(r?.clients_max ?? 0),
        cpu: avg(r?.cpu_sum, r?.samples),
        memory: avg(r?.memory_sum, r?.samples),
      })),
    };
  }

  async deviceData(projectId: number): Promise<DeviceData> {
    const [versions, models, load] = await Promise.all([
      this.store.shareOf(projectId, 'firmware_version'),
      this.store.shareOf(projectId, 'model'),
      this.store.apLoad(projectId),
    ]);
    return {
      versions: shares(versions),
      models: shares(models),
      apLoad: load.map((d) => ({
        deviceId: d.id,
        sn: d.sn,
        name: d.name,
        model: d.model,
        clients: Number(d.clients ?? 0),
        online: d.status !== 0 && d.status !== 9,
      })),
    };
  }

  async clientData(projectId: number, range: TimeRange): Promise<ClientData> {
    const now = this.clock.now();
    // A project deleted meanwhile: any zone will do (its rows are gone too).
    const tz = (await this.projects.settingsOf([projectId])).get(projectId)?.timeZone ?? DEFAULT_TIME_ZONE;
    const fromDay = dateIn(now - TIME_RANGES[range].seconds * 1000, tz);
    // Every day of the range, including days nobody came: one summary each.
    const { passengerFlow, trafficTop, authTypes } = await this.clientDays.range(
      projectId,
      tz,
      fromDay,
      dateIn(now, tz),
    );
    return {
      range,
      passengerFlow,
      trafficTop: trafficTop.map((c) => ({
        mac: c.mac,
        name: c.name,
        txBytes: c.tx,
        rxBytes: c.rx,
        totalBytes: c.tx + c.rx,
      })),
      authTypes: authTypes.map((a) => ({ name: a.auth, count: a.n })),
    };
  }

  async overview(projectId: number): Promise<ProjectOverview> {
    // The KPI trend lines: the last 24 hours, hourly (24 points).
    const now = this.clock.now();
    const to = bucketOf(now, ONE_HOUR);
    const hourly = { from: to - 23 * ONE_HOUR, to, bucketMs: ONE_HOUR, points: 24, now };
    const [fleet, clients, alarms, rows] = await Promise.all([
      this.store.fleet(projectId),
      this.store.clientCount(projectId),
      this.alarms.unread({ projectId }),
      this.store.series(projectId, 'project_series_1h', hourly.from, hourly.to),
    ]);
    const byType = new Map<string, { online: number; total: number }>();
    for (const r of fleet) {
      const e = byType.get(r.type) ?? { online: 0, total: 0 };
      e.online += r.online;
      e.total += r.total;
      byType.set(r.type, e);
    }
    const internet = sumKind(fleet, 'internet');
    const net = byBucket(rows, 'internet');
    const cli = byBucket(rows, 'client');
    return {
      devices: [...byType].map(([type, e]) => ({ type, ...e })).sort((a, b) => a.type.localeCompare(b.type)),
      onlineDevices: fleet.reduce((n, r) => n + r.online, 0),
      totalDevices: fleet.reduce((n, r) => n + r.total, 0),
      clients,
      alarmsUnread: alarms,
      traffic: { txRate: internet.txRate, rxRate: internet.rxRate },
      trend: denseOf(hourly, net, (t, r, seconds) => {
        const c = cli.get(t);
        return {
          t,
          clients: avg(c?.clients_sum, c?.samples),
          txRate: rate(r?.tx_bytes, seconds),
          rxRate: rate(r?.rx_bytes, seconds),
        };
      }),
    };
  }
}
