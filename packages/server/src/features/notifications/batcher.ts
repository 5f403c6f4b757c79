/**
 * A storm of alarms is one message: alarms raised or cleared in a project are collected from the
 * first one for `windowMs` (domain `NOTIFY_BATCH_WINDOW_MS`), then each channel of the project gets
 * ONE delivery listing those at or above its level. The window lives in this node's memory: each
 * alarm is committed (and so collected) by exactly one node.
 */
import { type Alarm, type AlarmSeverity, reachesLevel } from '@netloom/domain';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import type { AlarmChange, Alarms } from '../alarms';
import { alarmMessage, type ProjectFacts } from './message';
import type { NotificationStore } from './store';

interface Window {
  raised: Set<number>;
  cleared: Set<number>;
  timer: NodeJS.Timeout;
}

export class AlarmBatcher {
  private readonly windows = new Map<number, Window>();

  constructor(
    private readonly store: NotificationStore,
    private readonly alarms: Pick<Alarms, 'byIds'>,
    private readonly projectOf: (projectId: number) => Promise<ProjectFacts | undefined>,
    private readonly clock: Clock,
    private readonly logger: Pick<Logger, 'error'>,
    private readonly windowMs: number,
    /** New deliveries are stored: send them. */
    private readonly stored: () => void,
  ) {}

  add(changes: readonly AlarmChange[]): void {
    for (const c of changes) {
      let w = this.windows.get(c.projectId);
      if (!w) {
        const timer = setTimeout(() => void this.close(c.projectId), this.windowMs);
        timer.unref();
        w = { raised: new Set(), cleared: new Set(), timer };
        this.windows.set(c.projectId, w);
      }
      for (const id of c.raised) w.raised.add(id);
      for (const id of c.cleared) w.cleared.add(id);
    }
  }

  /** Closes every open window now (the app stops: what was collected still goes out). */
  async flush(): Promise<void> {
    await Promise.all([...this.windows.keys()].map((p) => this.close(p)));
  }

  private async close(projectId: number): Promise<void> {
    const w = this.windows.get(projectId);
    if (!w) return;
    clearTimeout(w.timer);
    this.windows.delete(projectId);
    try {
      await this.deliver(projectId, w);
    } catch (err) {
      this.logger.error({ err, projectId }, 'a batch of alarm notifications could not be stored');
    }
  }

  private async deliver(projectId: number, w: Window): Promise<void> {
    const channels = await this.store.channels(projectId);
    if (channels.length === 0) return;
    const project = await this.projectOf(projectId);
    if (!project) return;
    const alarms = await this.alarms.byIds(projectId, [...new Set([...w.raised, ...w.cleared])]);
    // An alarm raised and cleared within the window is listed once, as raised (it shows its clear).
    const raised = alarms.filter((a) => w.raised.has(a.id));
    const cleared = alarms.filter((a) => !w.raised.has(a.id) && w.cleared.has(a.id));
    const now = this.clock.now();
    let stored = 0;
    for (const ch of channels) {
      const min = ch.min_level as AlarmSeverity;
      const reach = (list: Alarm[]) => list.filter((a) => reachesLevel(a.severity, min));
      const message = alarmMessage(project, reach(raised), reach(cleared), now);
      const n = message.raised.length + message.cleared.length + message.more;
      if (n === 0) continue;
      await this.store.addDelivery({
        channel_id: Number(ch.id),
        project_id: projectId,
        purpose: 'alarms',
        status: 'pending',
        next_at: now,
        alarms: n,
        payload: JSON.stringify(message),
        created_at: now,
      });
      stored++;
    }
    if (stored > 0) this.stored();
  }
}
