/**
 * The system log of one project (issue 13 §5): a page of entries filtered by time, device, kind and
 * account; the accounts it names; the CSV of the filtered entries, streamed in keyset batches and
 * bounded (RUNLOG_EXPORT_MAX_ROWS); and the project's retention (owner only, every member sees it).
 * Access (membership, right, owner) is the route guard's.
 */
import { Readable } from 'node:stream';
import {
  type AuditEntry,
  type LogRetentionDays,
  RUNLOG_ACCOUNTS_MAX,
  RUNLOG_ACTION_LABELS,
  RUNLOG_EXPORT_BATCH_ROWS,
  RUNLOG_EXPORT_COLUMNS,
  RUNLOG_EXPORT_MAX_ROWS,
  RUNLOG_KIND_LABELS,
  RUNLOG_KIND_OF,
  type RunlogAccounts,
  type RunlogEntry,
  type RunlogFilter,
  type RunlogPage,
  type RunlogSettings,
  runlogActionsOf,
} from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import { CSV_BOM, csvLine, localTime } from '../../lib/csv';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { ConfigApi, ProjectLogFilter } from '../config';
import type { Projects } from '../projects';
import type { RunlogStore } from './store';

export interface RunlogServiceDeps {
  store: RunlogStore;
  clock: Clock;
  config: Pick<ConfigApi, 'log'>;
  projects: Pick<Projects, 'settingsOf'>;
  /** The retention of a project that never chose one (the server's TELEMETRY_RETENTION_DAYS). */
  defaultRetentionDays: LogRetentionDays;
}

function logFilter(f: RunlogFilter): ProjectLogFilter {
  return {
    from: f.from,
    to: f.to,
    deviceId: f.deviceId,
    accountId: f.accountId,
    actions: f.kind !== undefined ? runlogActionsOf([f.kind]) : undefined,
  };
}

function withKind(e: AuditEntry): RunlogEntry {
  return { ...e, kind: RUNLOG_KIND_OF[e.action] };
}

export class RunlogService {
  constructor(private readonly deps: RunlogServiceDeps) {}

  async list(projectId: number, q: RunlogFilter & { page: number; pageSize: number }): Promise<RunlogPage> {
    const { total, items } = await this.deps.config.log.page(projectId, logFilter(q), q.page, q.pageSize);
    return { total, page: q.page, pageSize: q.pageSize, items: items.map(withKind) };
  }

  async accounts(projectId: number): Promise<RunlogAccounts> {
    return { items: await this.deps.config.log.accounts(projectId, RUNLOG_ACCOUNTS_MAX) };
  }

  /**
   * The CSV of the filtered log, newest first: a stream that reads a batch of rows at a time as the
   * client takes them (keyset paging, never the whole log in memory), at most RUNLOG_EXPORT_MAX_ROWS.
   */
  async exportCsv(projectId: number, filter: RunlogFilter): Promise<Readable> {
    const zone = (await this.deps.projects.settingsOf([projectId])).get(projectId)?.timeZone ?? 'UTC';
    const log = this.deps.config.log;
    const f = logFilter(filter);
    async function* lines(): AsyncGenerator<string> {
      yield CSV_BOM + csvLine(RUNLOG_EXPORT_COLUMNS.map((c) => (c === 'Time' ? `Time (${zone})` : c)));
      let sent = 0;
      let after: { at: number; id: number } | null = null;
      while (sent < RUNLOG_EXPORT_MAX_ROWS) {
        const batch = await log.batch(
          projectId,
          f,
          after,
          Math.min(RUNLOG_EXPORT_BATCH_ROWS, RUNLOG_EXPORT_MAX_ROWS - sent),
        );
        if (batch.length === 0) return;
        let chunk = '';
        for (const e of batch) {
          chunk += csvLine([
            localTime(e.at, zone),
            RUNLOG_KIND_LABELS[RUNLOG_KIND_OF[e.action]],
            RUNLOG_ACTION_LABELS[e.action],
            e.deviceName ?? '',
            e.account?.nick ?? 'System',
            e.summary,
          ]);
        }
        yield chunk;
        sent += batch.length;
        const last = batch[batch.length - 1] as AuditEntry;
        after = { at: last.at, id: last.id };
        if (batch.length < RUNLOG_EXPORT_BATCH_ROWS) return;
      }
    }
    return Readable.from(lines());
  }

  async settings(access: ProjectAccess): Promise<RunlogSettings> {
    const days = await this.deps.store.retentionOf(access.projectId);
    return {
      retentionDays: (days ?? this.deps.defaultRetentionDays) as LogRetentionDays,
      chosen: days !== undefined,
      canEdit: access.right === 'own',
    };
  }

  async saveSettings(access: ProjectAccess, days: LogRetentionDays): Promise<RunlogSettings> {
    await this.deps.store.saveRetention(access.projectId, days, this.deps.clock.now());
    return this.settings(access);
  }
}
