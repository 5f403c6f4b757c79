import type { Db } from '../../db';
import type { DeviceWriter } from '../../gateway/deviceWriter';
import type { Feature } from '../../lib/feature';
import type { LiveBus } from '../../live/bus';
import type { Devices } from '../devices';
import type { Projects } from '../projects';
import { alarmRoutes } from './routes';
import { AlarmService } from './service';
import { AlarmStore, countUnreadAlarms, type UnreadScope } from './store';

/** What other features ask of alarms: the one definition of "unread". */
export interface Alarms {
  /** Unread alarms of a project, or of several (every project of a member, for the overview). */
  unread(scope: UnreadScope): Promise<number>;
}

export interface AlarmsDeps {
  db: Db;
  /** The CSV export's time zone. */
  projects: Pick<Projects, 'settingsOf'>;
  /** A device filter names a device of the project. */
  devices: Pick<Devices, 'projectsOf'>;
  /** The device plane's event writer: committed events go live as `alarms.changed`. */
  writer: Pick<DeviceWriter, 'onEventsWritten'>;
  bus: Pick<LiveBus, 'publish'>;
}

export interface AlarmsFeature extends Feature, Alarms {}

/**
 * Alarms: `/api/projects/:id/alarms…` (domain `alarmEndpoints`: list, bell, mark read, CSV export)
 * and one live `alarms.changed` per project after device events are committed (so a browser that
 * refetches on it finds the rows).
 */
export function createAlarmsFeature(deps: AlarmsDeps): AlarmsFeature {
  const alarms = new AlarmService(new AlarmStore(deps.db), deps.bus, deps);
  return {
    name: 'alarms',
    routes: (app) => alarmRoutes(app, { alarms }),
    start() {
      // Kept past `stop`: the writer's last flush comes after the features stop (the plane closes
      // last), and the events it commits still go live.
      deps.writer.onEventsWritten((rows) => alarms.announce(rows));
    },
    unread: (scope) => countUnreadAlarms(deps.db, scope),
  };
}
