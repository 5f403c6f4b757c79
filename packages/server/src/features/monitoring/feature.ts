import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { Alarms } from '../alarms';
import type { Projects } from '../projects';
import { ConsoleOverview } from './overview';
import { monitoringRoutes } from './routes';
import { MonitoringService } from './service';
import { MonitoringStore } from './store';

export interface MonitoringDeps {
  db: Db;
  clock: Clock;
  /** The overviews' unread-alarm KPI. */
  alarms: Pick<Alarms, 'unread'>;
  /** A project's time zone; the caller's projects (the overview across them). */
  projects: Pick<Projects, 'settingsOf' | 'ofMember'>;
}

/**
 * The monitoring screens (network status, device data, client data, the project overview): reads of
 * the series and tables telemetry and clients write, under `/api/projects/:id/…` (domain
 * `monitoringEndpoints`), and the overview across the caller's projects. Charts read only the
 * per-project series, a bounded number of rows.
 */
export function createMonitoringFeature(deps: MonitoringDeps): Feature {
  const store = new MonitoringStore(deps.db);
  const monitoring = new MonitoringService(store, deps.clock, deps.alarms, deps.projects);
  const consoleOverview = new ConsoleOverview(store, deps.projects, deps.alarms);
  return { name: 'monitoring', routes: (app) => monitoringRoutes(app, { monitoring, consoleOverview }) };
}
