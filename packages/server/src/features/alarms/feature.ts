import type { Alarm } from '@netloom/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { DeviceWriter } from '../../gateway/deviceWriter';
import type { Feature } from '../../lib/feature';
import type { LiveBus } from '../../live/bus';
import type { Devices } from '../devices';
import type { Projects } from '../projects';
import type { HistoryPrune } from '../telemetry';
import { type AlarmChange, AlarmConditions } from './conditions';
import { alarmRoutes } from './routes';
import { AlarmService } from './service';
import { AlarmStore, countUnreadAlarms, countUnreadEach, type UnreadScope } from './store';

/** What other features ask of alarms: the one definition of "unread", and what was raised or cleared. */
export interface Alarms {
  /** Unread alarms of a project, or of several (every project of a member, for the overview). */
  unread(scope: UnreadScope): Promise<number>;
  /** Unread alarms of each of these projects, by project (absent: none) — the data screen's markers. */
  unreadEach(projectIds: readonly number[]): Promise<Map<number, number>>;
  /** Alarms raised (committed) or cleared on this node, per project — notifications batch them. */
  onChange(fn: (changes: AlarmChange[]) => void): () => void;
  /** These alarms of a project, as the alarm list shows them (ids of other projects are not found). */
  byIds(projectId: number, ids: readonly number[]): Promise<Alarm[]>;
  /** The newest `limit` alarms across these projects, newest first, each with its project (the data screen). */
  recent(projectIds: readonly number[], limit: number): Promise<(Alarm & { projectId: number })[]>;
}

export interface AlarmsDeps {
  db: Db;
  logger: Logger;
  /** The CSV export's time zone. */
  projects: Pick<Projects, 'settingsOf'>;
  /** A device filter names a device of the project; status transitions raise and clear `device_offline`. */
  devices: Pick<Devices, 'projectsOf' | 'onStatusChanged'>;
  /** The device plane's event writer: committed events go live as `alarms.changed`; cloud alarms go through it. */
  writer: Pick<DeviceWriter, 'onEventsWritten' | 'addEvents'>;
  bus: Pick<LiveBus, 'publish'>;
}

export interface AlarmsFeature extends Feature, Alarms {
  /** Retention of device events and alarms (§9 log retention), registered with telemetry's run. */
  readonly pruneHistory: HistoryPrune;
}

/**
 * Alarms: `/api/projects/:id/alarms…` (domain `alarmEndpoints`: list, bell, mark read, CSV export),
 * one live `alarms.changed` per project after device events are committed (so a browser that
 * refetches on it finds the rows), and alarms that clear when their condition ends (`conditions.ts`).
 */
export function createAlarmsFeature(deps: AlarmsDeps): AlarmsFeature {
  const store = new AlarmStore(deps.db);
  const alarms = new AlarmService(store, deps.bus, deps);
  const conditions = new AlarmConditions(store, deps.writer, deps.logger, (projectId, count) =>
    deps.bus.publish({ type: 'alarms.changed', projectId, reason: 'cleared', alarms: 0, cleared: count }),
  );
  let offStatus: (() => void) | null = null;
  return {
    name: 'alarms',
    routes: (app) => alarmRoutes(app, { alarms }),
    // state: a threshold alarm whose metric is back under its threshold clears (after clients).
    device: { state: (ctx, d) => conditions.onState(ctx, d) },
    async start() {
      // Kept past `stop`: the writer's last flush comes after the features stop (the plane closes
      // last), and the events it commits still go live.
      deps.writer.onEventsWritten((rows) => {
        alarms.announce(rows);
        conditions.onEventsWritten(rows);
      });
      offStatus = deps.devices.onStatusChanged((c) => conditions.onStatus(c));
      await conditions.start();
    },
    async stop() {
      offStatus?.();
      await conditions.stop();
    },
    unread: (scope) => countUnreadAlarms(deps.db, scope),
    unreadEach: (projectIds) => countUnreadEach(deps.db, projectIds),
    onChange: (fn) => conditions.onChange(fn),
    byIds: (projectId, ids) => store.byIds(projectId, ids),
    recent: (projectIds, limit) => store.recent(projectIds, limit),
    pruneHistory: async (cutoffs, batches) => ({
      device_events: await store.pruneEvents(cutoffs.log, batches),
    }),
  };
}
