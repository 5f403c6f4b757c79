/**
 * Figures across many projects for the data screen (issue 12 §4), asked through the monitoring
 * feature's public interface: per project the devices online and in total, the clients now and the
 * Internet rates now; and the last hours' trend summed over the projects (hourly series rows).
 */
import { DATA_SCREEN_TREND_HOURS } from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import { bucketOf, ONE_HOUR, seriesKindOf } from '../telemetry';
import { avg, denseOf, rate } from './series';
import type { MonitoringStore } from './store';

export interface ProjectFigures {
  devices: number;
  onlineDevices: number;
  clients: number;
  /** Internet (gateway/router) rates now, bytes per second. */
  txRate: number;
  rxRate: number;
}

export interface TrendPoint {
  t: number;
  /** Average clients over the hour, summed over the projects; null when no project was sampled. */
  clients: number | null;
  txRate: number;
  rxRate: number;
}

export interface AcrossProjects {
  /** Every project asked, zeros where it has no devices. */
  projects: Map<number, ProjectFigures>;
  trend: TrendPoint[];
}

export class MonitoringAcross {
  constructor(
    private readonly store: Pick<MonitoringStore, 'fleetByProject' | 'clientsByProject' | 'hourlyAcross'>,
    private readonly clock: Clock,
  ) {}

  async of(projectIds: readonly number[]): Promise<AcrossProjects> {
    const now = this.clock.now();
    const to = bucketOf(now, ONE_HOUR);
    const frame = {
      from: to - (DATA_SCREEN_TREND_HOURS - 1) * ONE_HOUR,
      bucketMs: ONE_HOUR,
      points: DATA_SCREEN_TREND_HOURS,
      now,
    };
    const [fleet, clients, rows] = await Promise.all([
      this.store.fleetByProject(projectIds),
      this.store.clientsByProject(projectIds),
      this.store.hourlyAcross(projectIds, frame.from, to),
    ]);
    const projects = new Map<number, ProjectFigures>(
      projectIds.map((id) => [
        id,
        { devices: 0, onlineDevices: 0, clients: clients.get(id) ?? 0, txRate: 0, rxRate: 0 },
      ]),
    );
    for (const r of fleet) {
      const p = projects.get(r.project_id);
      if (!p) continue;
      p.devices += r.total;
      p.onlineDevices += r.online;
      if (seriesKindOf(r.type, r.mesh_role) === 'internet') {
        p.txRate += r.tx_rate;
        p.rxRate += r.rx_rate;
      }
    }
    // Per bucket: the projects' Internet bytes and their average clients, summed.
    const buckets = new Map<number, { tx: number; rx: number; clients: number | null }>();
    for (const r of rows) {
      const t = Number(r.bucket);
      const b = buckets.get(t) ?? { tx: 0, rx: 0, clients: null };
      if (r.kind === 'internet') {
        b.tx += Number(r.tx_bytes);
        b.rx += Number(r.rx_bytes);
      } else {
        const a = avg(r.clients_sum, r.samples);
        if (a !== null) b.clients = (b.clients ?? 0) + a;
      }
      buckets.set(t, b);
    }
    const trend = denseOf(frame, buckets, (t, b, seconds) => ({
      t,
      clients: b?.clients ?? null,
      txRate: rate(b?.tx, seconds),
      rxRate: rate(b?.rx, seconds),
    }));
    return { projects, trend };
  }
}
