import { LOG_RETENTION_DAYS, type LogRetentionDays } from '@netloom/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { ProjectVisit } from '../../plugins/projectAccess';
import type { CommandService } from '../commands';
import type { ConfigApi } from '../config';
import type { Devices } from '../devices';
import type { Projects } from '../projects';
import type { Telemetry } from '../telemetry';
import { RunlogRecorder } from './recorder';
import { runlogRoutes } from './routes';
import { RunlogService } from './service';
import { RunlogStore } from './store';

export interface RunlogDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The log itself: the change log's rows, read and pruned through the configuration feature. */
  config: Pick<ConfigApi, 'log'>;
  /** Where the recorder writes (the change log's owner is its writer). */
  activity: Pick<ActivityLog, 'record' | 'recordMany'>;
  /** Maintenance jobs' ends. */
  commands: Pick<CommandService, 'onFinished'>;
  /** Status transitions and the devices' names. */
  devices: Pick<Devices, 'onStatusChanged' | 'snapshotsOf'>;
  /** The CSV's time zone. */
  projects: Pick<Projects, 'settingsOf'>;
  /** The log is pruned in telemetry's retention run, each project at its own period. */
  retention: Pick<Telemetry, 'onRetention'>;
  /** A project that never chose keeps its log this many days (the server's configured period). */
  defaultRetentionDays: number;
}

/** What other features ask of the system log. */
export interface Runlog {
  /**
   * A member other than the owner signed in to a shared project: logged as such (the entry's account
   * says who).
   */
  signedIn(projectId: number, accountId: number, readOnly: boolean, at?: number): Promise<void>;
  /**
   * A session reached a project (the project guard's visit): a member other than the owner is
   * logged as signed in to it once per session — not again when another node or a restarted one
   * tells the same visit (the log is asked for an entry since the session's sign-in).
   */
  visited(visit: ProjectVisit): Promise<void>;
}

export interface RunlogFeature extends Feature, Runlog {
  /** Writes the device transitions collected so far (a timer does it every second). */
  flush(): Promise<void>;
}

const DAY_MS = 86400_000;

/**
 * The system log (issue 13 §5): `/api/projects/:id/runlog…` (domain `runlogEndpoints`) over the
 * project log the configuration feature keeps (`audit_log`, written through the activity log), the
 * recorder of what no other feature records (maintenance results, device status transitions,
 * shared-project sign-ins), and each project's retention (`runlog_settings`), applied in telemetry's
 * retention run.
 */
export function createRunlogFeature(deps: RunlogDeps): RunlogFeature {
  const store = new RunlogStore(deps.db);
  const fallback = (LOG_RETENTION_DAYS as readonly number[]).includes(deps.defaultRetentionDays)
    ? (deps.defaultRetentionDays as LogRetentionDays)
    : LOG_RETENTION_DAYS[1];
  const service = new RunlogService({
    store,
    clock: deps.clock,
    config: deps.config,
    projects: deps.projects,
    defaultRetentionDays: fallback,
  });
  const recorder = new RunlogRecorder({
    activity: deps.activity,
    commands: deps.commands,
    devices: deps.devices,
    clock: deps.clock,
    logger: deps.logger.child({ component: 'runlog' }),
  });
  // Each project at its own period: the chosen ones read once per run, the rest at the default.
  deps.retention.onRetention(async (_cutoffs, batches) => {
    const now = deps.clock.now();
    const chosen = await store.chosen();
    const cutoffOf = (projectId: number) => now - (chosen.get(projectId) ?? fallback) * DAY_MS;
    return { audit_log: await deps.config.log.prune(cutoffOf, batches) };
  });
  return {
    name: 'runlog',
    routes: (app) => runlogRoutes(app, { runlog: service }),
    start: () => recorder.start(),
    stop: () => recorder.stop(),
    flush: () => recorder.flush(),
    signedIn: (projectId, accountId, readOnly, at) => recorder.signedIn(projectId, accountId, readOnly, at),
    async visited(visit) {
      if (visit.right === 'own') return;
      try {
        const already = await deps.config.log.page(
          visit.projectId,
          { from: visit.sessionOpenedAt, actions: ['project.signIn'], accountId: visit.accountId },
          1,
          1,
        );
        if (already.total === 0)
          await recorder.signedIn(visit.projectId, visit.accountId, visit.right === 'r');
      } catch (error) {
        deps.logger.warn(
          { err: error, projectId: visit.projectId },
          'a shared-project sign-in was not logged',
        );
      }
    },
  };
}
