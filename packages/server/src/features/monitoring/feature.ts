import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import { JobLeases, PeriodicSingleton } from '../../lib/singleton';
import type { Alarms } from '../alarms';
import type { Projects } from '../projects';
import type { Telemetry } from '../telemetry';
import { type AcrossProjects, MonitoringAcross } from './across';
import { ClientDayStore } from './clientDayStore';
import { ClientDays } from './clientDays';
import { ConsoleOverview } from './overview';
import { monitoringRoutes } from './routes';
import { MonitoringService } from './service';
import { MonitoringStore } from './store';

/** The day-end summaries of the clients' history: once per slot across the nodes. */
export const CLIENT_DAYS_INTERVAL_MS = 15 * 60_000;

export interface MonitoringDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The overviews' unread-alarm KPI. */
  alarms: Pick<Alarms, 'unread'>;
  /** A project's time zone; the caller's projects (the overview across them); every project's zone. */
  projects: Pick<Projects, 'settingsOf' | 'ofMember' | 'zones'>;
  /** The client-day summaries are kept as long as the history they summarise, pruned in its run. */
  retention: Pick<Telemetry, 'onRetention'>;
}

/** What other features ask of monitoring. */
export interface Monitoring {
  /**
   * Devices online and in total, clients and Internet rates now per project, and the last 24 hours'
   * trend summed over them (the data screen across the caller's projects).
   */
  across(projectIds: readonly number[]): Promise<AcrossProjects>;
}

export interface MonitoringFeature extends Feature, Monitoring {
  /** Claims this slot of the day-end client summaries and runs it when won: true when it ran here. */
  clientDaysTick(): Promise<boolean>;
}

/**
 * The monitoring screens (network status, device data, client data, the project overview): reads of
 * the series and tables telemetry and clients write, under `/api/projects/:id/…` (domain
 * `monitoringEndpoints`), and the overview across the caller's projects. Charts read only the
 * per-project series and the per-day client summaries this feature writes, a bounded number of rows.
 */
export function createMonitoringFeature(deps: MonitoringDeps): MonitoringFeature {
  const store = new MonitoringStore(deps.db);
  const dayStore = new ClientDayStore(deps.db);
  const clientDays = new ClientDays(dayStore, deps.clock);
  const monitoring = new MonitoringService(store, deps.clock, deps.alarms, deps.projects, clientDays);
  const consoleOverview = new ConsoleOverview(store, deps.projects, deps.alarms);
  const across = new MonitoringAcross(store, deps.clock);
  deps.retention.onRetention(async (cutoffs, batches) => ({
    client_day_summaries: await dayStore.prune(cutoffs.day, batches),
  }));
  const summaries = new PeriodicSingleton({
    job: 'monitoring.clientDays',
    intervalMs: CLIENT_DAYS_INTERVAL_MS,
    run: async () => clientDays.summarizeRecent(await deps.projects.zones()),
    leases: new JobLeases(deps.db, deps.clock),
    clock: deps.clock,
    logger: deps.logger,
  });
  return {
    name: 'monitoring',
    routes: (app) => monitoringRoutes(app, { monitoring, consoleOverview }),
    start: () => summaries.start(),
    stop: () => summaries.stop(),
    clientDaysTick: () => summaries.tick(),
    across: (projectIds) => across.of(projectIds),
  };
}
