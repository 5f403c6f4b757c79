import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { Alarms } from '../alarms';
import { monitoringRoutes } from './routes';
import { MonitoringService } from './service';
import { MonitoringStore } from './store';

export interface MonitoringDeps {
  db: Db;
  clock: Clock;
  /** The project overview's unread-alarm KPI. */
  alarms: Pick<Alarms, 'unread'>;
}

/**
 * The monitoring screens (network status, device data, client data, the project overview): reads of
 * the series and tables telemetry and clients write, under `/api/projects/:id/…` (domain
 * `monitoringEndpoints`). Charts read only the per-project series, a bounded number of rows.
 */
export function createMonitoringFeature(deps: MonitoringDeps): Feature {
  const monitoring = new MonitoringService(new MonitoringStore(deps.db), deps.clock, deps.alarms);
  return { name: 'monitoring', routes: (app) => monitoringRoutes(app, { monitoring }) };
}
