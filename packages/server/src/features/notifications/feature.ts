import { DEFAULT_TIME_ZONE } from '@netloom/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { CodeMailer } from '../../transport/mail';
import type { Alarms } from '../alarms';
import type { Projects } from '../projects';
import { AlarmBatcher } from './batcher';
import { DeliveryLoop } from './delivery';
import type { ProjectFacts } from './message';
import { notificationRoutes } from './routes';
import { NotificationService } from './service';
import { NotificationStore } from './store';

export interface NotificationsDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The SMTP path of verification codes (SMTP_URL), or the development outbox. */
  mailer: Pick<CodeMailer, 'send' | 'via'>;
  /** What was raised and cleared, and the alarms themselves. */
  alarms: Pick<Alarms, 'onChange' | 'byIds'>;
  /** The project's name and time zone for the messages. */
  projects: Pick<Projects, 'settingsOf'>;
  /** Alarms within this window go out as one message (domain `NOTIFY_BATCH_WINDOW_MS` by default). */
  batchWindowMs: number;
}

export type NotificationsFeature = Feature;

/**
 * Notifications: a project's e-mail addresses and signed webhooks (`/api/projects/:id/notifications…`,
 * manage right), alarms batched per project and window into one message per channel, and the
 * delivery loop that sends, retries a bounded number of times and records failures.
 */
export function createNotificationsFeature(deps: NotificationsDeps): NotificationsFeature {
  const store = new NotificationStore(deps.db);
  const projectOf = async (projectId: number): Promise<ProjectFacts | undefined> => {
    const s = (await deps.projects.settingsOf([projectId])).get(projectId);
    return s ? { id: projectId, name: s.name, timeZone: s.timeZone } : undefined;
  };
  const sender = {
    mailer: deps.mailer,
    timeZoneOf: async (projectId: number) => (await projectOf(projectId))?.timeZone ?? DEFAULT_TIME_ZONE,
  };
  const log = deps.logger.child({ component: 'notifications' });
  const loop = new DeliveryLoop(store, sender, deps.clock, log, () => {});
  const batcher = new AlarmBatcher(store, deps.alarms, projectOf, deps.clock, log, deps.batchWindowMs, () =>
    loop.kick(),
  );
  const service = new NotificationService(store, deps.clock, sender, projectOf, deps.batchWindowMs);
  let off: (() => void) | null = null;
  return {
    name: 'notifications',
    routes: (app) => notificationRoutes(app, { notifications: service }),
    start() {
      off = deps.alarms.onChange((changes) => batcher.add(changes));
      loop.start();
    },
    async stop() {
      off?.();
      await batcher.flush();
      await loop.stop();
    },
  };
}
