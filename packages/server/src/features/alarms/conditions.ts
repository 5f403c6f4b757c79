/**
 * Alarms that clear themselves when their condition ends (domain `ALARM_CLEAR_RULES`):
 * - `device_offline` is the cloud's own alarm: raised when a claimed device's status turns offline
 *   (after the restart grace of an announced reboot), cleared when it is online again;
 * - threshold alarms (`cpu_high`, `memory_high`) clear when a full `state` is under the threshold;
 * - `port_down`, `camera_offline`, `poe_overload` clear on their clearing event of the same subject.
 * Each clear records the time and the reason; the store only changes rows still open, so nodes that
 * race record it once. The open threshold alarms are kept in memory (the `state` path must not query
 * the database per message), loaded at start and reloaded regularly so that alarms written by other
 * nodes are watched too.
 */
import {
  ALARM_CLEAR_RULES,
  type AlarmMetric,
  alarmsClearedByEvent,
  BACK_ONLINE_TEXT,
  DEVICE_OFFLINE_CODE,
  DEVICE_STATUS,
  deviceOfflineText,
  metricClearedText,
  SITE_DEVICE_TYPES,
} from '@netloom/domain';
import { isFullState } from '@netloom/protocol';
import type { Logger } from 'pino';
import type { DeviceWriter, WrittenEvent } from '../../gateway/deviceWriter';
import type { UpContext, UpData } from '../../gateway/types';
import type { StatusChange } from '../devices';
import type { AlarmStore } from './store';

/** Alarms of one project raised or cleared together. */
export interface AlarmChange {
  projectId: number;
  raised: number[];
  cleared: number[];
}

interface OpenMetricAlarm {
  id: number;
  metric: AlarmMetric;
  label: string;
  threshold: number;
}

const OFFLINE: ReadonlySet<number> = new Set([DEVICE_STATUS.OFFLINE, DEVICE_STATUS.OFFLINE_ALT]);
// not a rule: how often open threshold alarms are reloaded, so ones written by other nodes are watched.
const RELOAD_MS = 60_000;
/**
 * Devices back online within this window clear their `device_offline` alarms in one statement: after
 * an outage the whole fleet returns at once, and one UPDATE (one commit) per device made the
 * reconnect storm of 10,000 devices wait on 10,000 commits.
 */
const BACK_ONLINE_BATCH_MS = 50;

const METRIC_CODES = Object.entries(ALARM_CLEAR_RULES)
  .filter(([, r]) => r.by === 'metric')
  .map(([code]) => code);

export class AlarmConditions {
  private metricAlarms = new Map<number, OpenMetricAlarm[]>();
  private reloadTimer: NodeJS.Timeout | null = null;
  /** Devices back online whose offline alarm the next batch clears: deviceId → project, time. */
  private backOnline = new Map<number, { projectId: number; at: number }>();
  private backOnlineTimer: NodeJS.Timeout | null = null;
  /** The devices of the clears under way, and when the last of them ends. */
  private readonly clearing = new Set<number>();
  private cleared: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<(changes: AlarmChange[]) => void>();

  constructor(
    private readonly store: AlarmStore,
    private readonly writer: Pick<DeviceWriter, 'addEvents'>,
    private readonly logger: Pick<Logger, 'error'>,
    /** A clear went live (`alarms.changed`, reason `cleared`). */
    private readonly announceCleared: (projectId: number, count: number) => void,
  ) {}

  async start(): Promise<void> {
    await this.reload();
    this.reloadTimer = setInterval(() => void this.reload().catch((err) => this.fail(err)), RELOAD_MS);
    this.reloadTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.reloadTimer) clearInterval(this.reloadTimer);
    this.reloadTimer = null;
    await this.clearBackOnline();
  }

  /** Alarms raised or cleared, per project (notifications batch them). */
  onChange(fn: (changes: AlarmChange[]) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private async reload(): Promise<void> {
    const rows = await this.store.openConditions(METRIC_CODES);
    const next = new Map<number, OpenMetricAlarm[]>();
    for (const r of rows) this.remember(next, r);
    this.metricAlarms = next;
  }

  private remember(
    into: Map<number, OpenMetricAlarm[]>,
    r: Pick<WrittenEvent, 'id' | 'device_id' | 'code' | 'threshold'>,
  ): void {
    const rule = ALARM_CLEAR_RULES[r.code];
    if (rule?.by !== 'metric' || r.threshold === null) return;
    const list = into.get(r.device_id) ?? [];
    list.push({ id: Number(r.id), metric: rule.metric, label: rule.label, threshold: Number(r.threshold) });
    into.set(r.device_id, list);
  }

  /** Device status transitions: offline raises `device_offline`; online again clears it. */
  onStatus(c: StatusChange): void {
    const wasOffline = OFFLINE.has(c.previous);
    const isOffline = OFFLINE.has(c.status);
    if (isOffline && !wasOffline) {
      // Through the batched writer like a device's own events: committed, then announced and notified.
      const raise = () =>
        this.writer.addEvents([
          {
            device_id: c.deviceId,
            project_id: c.projectId,
            event_id: `cloud-offline-${c.at}`,
            kind: 'alarm',
            severity: SITE_DEVICE_TYPES.includes(c.type) ? 'critical' : 'warning',
            code: DEVICE_OFFLINE_CODE,
            text: deviceOfflineText(c.type),
            at: c.at,
            read: 0,
          },
        ]);
      // Back and gone again before its return's clear was done (a flap, or a loaded machine): that
      // clear ends first, so it cannot reach the alarm of this new outage.
      if (this.backOnline.has(c.deviceId)) void this.clearBackOnline().finally(raise);
      else if (this.clearing.has(c.deviceId)) void this.cleared.finally(raise);
      else raise();
    } else if (wasOffline && !isOffline) {
      this.backOnline.set(c.deviceId, { projectId: c.projectId, at: c.at });
      this.backOnlineTimer ??= setTimeout(() => void this.clearBackOnline(), BACK_ONLINE_BATCH_MS);
    }
  }

  /** Clears the offline alarms of the devices back online since the last batch (one UPDATE per chunk). */
  private clearBackOnline(): Promise<void> {
    if (this.backOnlineTimer) clearTimeout(this.backOnlineTimer);
    this.backOnlineTimer = null;
    const batch = this.backOnline;
    if (batch.size === 0) return this.cleared;
    this.backOnline = new Map();
    for (const id of batch.keys()) this.clearing.add(id);
    this.cleared = this.cleared
      .then(() => this.clearBatch(batch))
      .finally(() => {
        for (const id of batch.keys()) this.clearing.delete(id);
      });
    return this.cleared;
  }

  private async clearBatch(batch: ReadonlyMap<number, { projectId: number; at: number }>): Promise<void> {
    // The batch's latest return: at most the window after each device's own.
    let at = 0;
    for (const b of batch.values()) at = Math.max(at, b.at);
    try {
      const cleared = await this.store.clearOf([...batch.keys()], DEVICE_OFFLINE_CODE, at, BACK_ONLINE_TEXT);
      const byProject = new Map<number, number[]>();
      for (const c of cleared) {
        const ids = byProject.get(c.project_id);
        if (ids) ids.push(c.id);
        else byProject.set(c.project_id, [c.id]);
      }
      for (const [projectId, ids] of byProject) this.announceCleared(projectId, ids.length);
      if (byProject.size > 0)
        this.emit([...byProject].map(([projectId, ids]) => ({ projectId, raised: [], cleared: ids })));
    } catch (err) {
      this.fail(err);
    }
  }

  /** A full `state`: threshold alarms of the device whose metric is back under the threshold clear. */
  onState(ctx: UpContext, d: UpData<'state'>): void {
    const device = ctx.device;
    if (!device || !isFullState(d)) return;
    const open = this.metricAlarms.get(device.deviceId);
    if (!open) return;
    const ended = open.filter((a) => d[a.metric] < a.threshold);
    if (ended.length === 0) return;
    const left = open.filter((a) => !ended.includes(a));
    if (left.length > 0) this.metricAlarms.set(device.deviceId, left);
    else this.metricAlarms.delete(device.deviceId);
    for (const a of ended)
      void this.clear(
        device.projectId,
        { ids: [a.id] },
        ctx.at,
        metricClearedText(a.label, a.threshold, d[a.metric]),
      );
  }

  /** Committed events: new alarms are announced as raised; clearing events end their alarms. */
  onEventsWritten(rows: readonly WrittenEvent[]): void {
    const raised = new Map<number, number[]>();
    for (const r of rows) {
      if (r.kind === 'alarm') {
        raised.set(r.project_id, [...(raised.get(r.project_id) ?? []), Number(r.id)]);
        this.remember(this.metricAlarms, r);
      }
      for (const { alarm, reason } of alarmsClearedByEvent(r.code)) {
        void this.clear(
          r.project_id,
          { deviceId: r.device_id, code: alarm, subject: r.subject },
          Number(r.at),
          reason,
        );
      }
    }
    if (raised.size > 0)
      this.emit([...raised].map(([projectId, ids]) => ({ projectId, raised: ids, cleared: [] })));
  }

  private async clear(
    projectId: number,
    which: Parameters<AlarmStore['clear']>[0],
    at: number,
    text: string,
  ): Promise<void> {
    try {
      const cleared = await this.store.clear(which, at, text);
      if (cleared.length === 0) return;
      this.announceCleared(projectId, cleared.length);
      this.emit([{ projectId, raised: [], cleared: cleared.map((c) => c.id) }]);
    } catch (err) {
      this.fail(err);
    }
  }

  private emit(changes: AlarmChange[]): void {
    for (const fn of this.listeners) {
      try {
        fn(changes);
      } catch (err) {
        this.fail(err);
      }
    }
  }

  private fail(err: unknown): void {
    this.logger.error({ err }, 'alarm conditions: a clear or reload failed');
  }
}
