import {
  ALARM_BELL_PREVIEW,
  ALARM_DOWNLOAD_MAX,
  ALARM_SEVERITIES,
  type AlarmFilter,
  type AlarmList,
  type AlarmMarkReadResult,
  type AlarmSeverity,
  type AlarmUnread,
  type alarmListQuerySchema,
  type alarmMarkReadSchema,
  ERR,
} from '@netloom/domain';
import type { z } from 'zod';
import type { WrittenEvent } from '../../gateway/deviceWriter';
import { AppError } from '../../lib/errors';
import type { LiveBus } from '../../live/bus';
import type { Devices } from '../devices';
import type { Projects } from '../projects';
import { alarmsCsv } from './csv';
import type { AlarmStore } from './store';

type ListQuery = z.output<typeof alarmListQuerySchema>;
type MarkRead = z.output<typeof alarmMarkReadSchema>;

/** The most severe level of a set of events. */
export function worstSeverity(levels: Iterable<string>): AlarmSeverity | undefined {
  let worst = -1;
  for (const l of levels) worst = Math.max(worst, ALARM_SEVERITIES.indexOf(l as AlarmSeverity));
  return worst < 0 ? undefined : ALARM_SEVERITIES[worst];
}

/**
 * The alarm list, the header badge, mark-read and the CSV export of one project. Access (member
 * for reads, manage right for mark-read) is checked by the routes before; every query is scoped to
 * the project, so ids of another project's alarms are simply not found.
 */
export class AlarmService {
  constructor(
    private readonly store: AlarmStore,
    private readonly bus: Pick<LiveBus, 'publish'> | null,
    private readonly others: {
      /** The CSV's times are in the project's time zone. */
      projects: Pick<Projects, 'settingsOf'>;
      /** A device filter must name a device of the project. */
      devices: Pick<Devices, 'projectsOf'>;
    },
  ) {}

  async list(projectId: number, q: ListQuery): Promise<AlarmList> {
    await this.checkDevice(projectId, q.deviceId);
    const [items, total, unread] = await Promise.all([
      this.store.list(projectId, q, q.pageSize, (q.page - 1) * q.pageSize),
      this.store.count(projectId, q),
      this.store.unread(projectId),
    ]);
    return { items, total, page: q.page, pageSize: q.pageSize, unread };
  }

  async unread(projectId: number): Promise<AlarmUnread> {
    const [unread, latest] = await Promise.all([
      this.store.unread(projectId),
      this.store.list(projectId, { kind: 'alarm', read: 0 }, ALARM_BELL_PREVIEW),
    ]);
    return { unread, latest };
  }

  async markRead(projectId: number, body: MarkRead): Promise<AlarmMarkReadResult> {
    await this.checkDevice(projectId, body.deviceId);
    const marked = await this.store.markRead(
      projectId,
      body.ids ? { ids: body.ids } : { all: true, deviceId: body.deviceId },
    );
    if (marked > 0) this.bus?.publish({ type: 'alarms.changed', projectId, reason: 'read', alarms: 0 });
    return { marked, unread: await this.store.unread(projectId) };
  }

  /** The CSV export: newest first, at most ALARM_DOWNLOAD_MAX rows (§9), times in the project's zone. */
  async exportCsv(projectId: number, filter: AlarmFilter): Promise<string> {
    await this.checkDevice(projectId, filter.deviceId);
    const [rows, settings] = await Promise.all([
      this.store.list(projectId, filter, ALARM_DOWNLOAD_MAX),
      this.others.projects.settingsOf([projectId]),
    ]);
    return alarmsCsv(rows, settings.get(projectId)?.timeZone ?? 'UTC');
  }

  /** Committed device events → one `alarms.changed` per project (batches of a flush are grouped). */
  announce(rows: WrittenEvent[]): void {
    if (!this.bus) return;
    const byProject = new Map<number, WrittenEvent[]>();
    for (const r of rows) {
      const list = byProject.get(r.project_id) ?? [];
      list.push(r);
      byProject.set(r.project_id, list);
    }
    for (const [projectId, list] of byProject) {
      const alarms = list.filter((r) => r.kind === 'alarm');
      const severity = worstSeverity(alarms.map((a) => a.severity));
      this.bus.publish({
        type: 'alarms.changed',
        projectId,
        reason: 'raised',
        alarms: alarms.length,
        ...(severity ? { severity } : {}),
      });
    }
  }

  /** A device filter must name a device of this project (901 otherwise, as the device routes say). */
  private async checkDevice(projectId: number, deviceId: number | undefined): Promise<void> {
    if (deviceId === undefined) return;
    const projectOf = await this.others.devices.projectsOf([deviceId]);
    if (projectOf.get(deviceId) !== projectId) throw new AppError(ERR.DEVICE_NOT_FOUND);
  }
}
