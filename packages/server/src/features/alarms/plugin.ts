import type { FastifyInstance } from 'fastify';
import type { DeviceWriter } from '../../gateway/deviceWriter';
import type { LiveBus } from '../../live/bus';
import { alarmRoutes } from './routes';
import { AlarmService } from './service';
import { AlarmStore } from './store';

export interface AlarmsFeatureOptions {
  /** The device plane's event writer: committed events go live as `alarms.changed`. */
  writer: Pick<DeviceWriter, 'onEventsWritten'> | null;
  bus: Pick<LiveBus, 'publish'> | null;
}

/**
 * Alarms: `/api/projects/:id/alarms…` and the live `alarms.changed` event after device events are
 * committed (so a browser that refetches on it finds the rows). Registered once in app.ts, after the
 * demo feature (its guard must see the mark-read route).
 */
export async function alarmsFeature(app: FastifyInstance, opts: AlarmsFeatureOptions): Promise<void> {
  const alarms = new AlarmService(new AlarmStore(app.db), opts.bus);
  const off = opts.writer?.onEventsWritten((rows) => alarms.announce(rows));
  if (off)
    app.addHook('onClose', async () => {
      off();
    });
  await app.register(alarmRoutes, { alarms });
}
