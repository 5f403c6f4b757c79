/**
 * The project log as other features read it (issue 13 §5): the change log's rows (`audit_log`, this
 * feature's table) filtered by time, device, actions and account, a page at a time or in keyset
 * batches (the system log's streamed CSV), the accounts it names, and its retention pruned per
 * project (each project's own cutoff, asked of the caller). The system log feature (`runlog`) asks
 * here through `ConfigApi.log`; nothing else reads the table.
 */
import type { AuditAction, AuditEntry } from '@netloom/domain';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db';
import type { PruneBatches } from '../../db/prune';
import type { AuditLogTable, Database } from '../../db/schema';
import type { AuditRow } from './store';

/** What the log is filtered by (all optional). `accountId` 0: the system's own entries. */
export interface ProjectLogFilter {
  from?: number | undefined;
  to?: number | undefined;
  deviceId?: number | undefined;
  actions?: readonly AuditAction[] | undefined;
  accountId?: number | undefined;
}

/** Where a keyset batch resumes: strictly older than this entry. */
export interface ProjectLogCursor {
  at: number;
  id: number;
}

/** What the system log asks of the change log's owner. */
export interface ProjectLog {
  page(
    projectId: number,
    filter: ProjectLogFilter,
    page: number,
    pageSize: number,
  ): Promise<{ total: number; items: AuditEntry[] }>;
  /** Up to `limit` entries newest first, older than `after` (null: from the newest). */
  batch(
    projectId: number,
    filter: ProjectLogFilter,
    after: ProjectLogCursor | null,
    limit: number,
  ): Promise<AuditEntry[]>;
  /** The accounts named in the project's log (nick order), at most `limit`. */
  accounts(projectId: number, limit: number): Promise<{ id: number; nick: string }[]>;
  /**
   * Prunes every project's log at its own cutoff (`cutoffOf(projectId)`: entries before it go), in
   * the retention run's bounded batches; the rows deleted.
   */
  prune(cutoffOf: (projectId: number) => number, batches: PruneBatches): Promise<number>;
}

type LogQuery = SelectQueryBuilder<Database & { l: AuditLogTable }, 'l', object>;

function filtered(base: LogQuery, f: ProjectLogFilter): LogQuery {
  let q = base;
  if (f.from !== undefined) q = q.where('l.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('l.created_at', '<=', f.to);
  if (f.deviceId !== undefined) q = q.where('l.device_id', '=', f.deviceId);
  if (f.actions !== undefined) {
    // An empty list matches nothing (a kind with no actions).
    q = f.actions.length > 0 ? q.where('l.action', 'in', f.actions) : q.where(sql<boolean>`1 = 0`);
  }
  if (f.accountId === 0) q = q.where('l.account_id', 'is', null);
  else if (f.accountId !== undefined) q = q.where('l.account_id', '=', f.accountId);
  return q;
}

export function toAuditEntry(r: AuditRow & { account_nick: string | null }): AuditEntry {
  return {
    id: Number(r.id),
    at: Number(r.created_at),
    account: r.account_id !== null ? { id: r.account_id, nick: r.account_nick ?? '' } : null,
    projectId: r.project_id,
    deviceId: r.device_id,
    deviceName: r.device_name,
    action: r.action as AuditEntry['action'],
    summary: r.summary,
  };
}

/** The SQL of {@link ProjectLog}. */
export function projectLog(db: Db): ProjectLog {
  const base = (projectId: number): LogQuery =>
    db.selectFrom('audit_log as l').where('l.project_id', '=', projectId);
  return {
    async page(projectId, filter, page, pageSize) {
      const q = filtered(base(projectId), filter);
      const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const rows = await q
        // A list join: the account's nick beside its entry.
        .leftJoin('accounts as a', 'a.id', 'l.account_id')
        .selectAll('l')
        .select('a.nick as account_nick')
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { total: Number(total?.n ?? 0), items: rows.map(toAuditEntry) };
    },
    async batch(projectId, filter, after, limit) {
      let q = filtered(base(projectId), filter);
      if (after)
        q = q.where((eb) =>
          eb.or([
            eb('l.created_at', '<', after.at),
            eb.and([eb('l.created_at', '=', after.at), eb('l.id', '<', after.id)]),
          ]),
        );
      const rows = await q
        .leftJoin('accounts as a', 'a.id', 'l.account_id')
        .selectAll('l')
        .select('a.nick as account_nick')
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toAuditEntry);
    },
    async accounts(projectId, limit) {
      const rows = await db
        .selectFrom('accounts as a')
        .select(['a.id', 'a.nick'])
        .where('a.id', 'in', base(projectId).select('l.account_id').where('l.account_id', 'is not', null))
        .orderBy('a.nick')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, nick: r.nick }));
    },
    prune(cutoffOf, batches) {
      return batches.prune({
        table: 'audit_log',
        key: ['id'],
        scope: 'project_id',
        older: sql`1 = 0`,
        // Per chunk of project ids: the projects grouped by their cutoff, one range test each.
        olderOf: (projectIds) => {
          const byCutoff = new Map<number, number[]>();
          for (const id of projectIds) {
            const cutoff = cutoffOf(id);
            const ids = byCutoff.get(cutoff) ?? [];
            ids.push(id);
            byCutoff.set(cutoff, ids);
          }
          const tests = [...byCutoff].map(
            ([cutoff, ids]) =>
              sql`(${sql.ref('project_id')} in (${sql.join(ids.map((i) => sql.lit(Math.trunc(i))))}) and ${sql.ref('created_at')} < ${sql.lit(Math.trunc(cutoff))})`,
          );
          return tests.length > 0 ? sql`(${sql.join(tests, sql` or `)})` : sql`1 = 0`;
        },
      });
    },
  };
}
