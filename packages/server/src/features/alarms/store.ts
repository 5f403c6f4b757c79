/**
 * SQL of alarms and device events (`device_events` joined to its device). An unread alarm is an
 * event of kind `alarm` with read = 0 — defined here once and used by the alarm list, the header
 * badge, the project overview KPI and the totals across projects. The devices feature writes the
 * events (through the device plane's writer); this feature reads them and owns their `read` flag.
 * The list joins each event's device read-only for its name, SN, MAC and model, which the search
 * matches too (docs/architecture.md "Data ownership").
 */
import {
  ALARM_CLEAR_RULES,
  type Alarm,
  type AlarmFilter,
  type AlarmSeverity,
  type EventKind,
  isClearableAlarm,
} from '@netloom/domain';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { chunks, toCount } from '../../db';
import type { PruneBatches } from '../../db/prune';

/** Whose unread alarms to count: one project, or several (e.g. every project of a member). */
export type UnreadScope = { projectId: number } | { projectIds: readonly number[] };

/** Unread alarms of a project or of several. */
export async function countUnreadAlarms(db: Db, scope: UnreadScope): Promise<number> {
  const unread = () =>
    db
      .selectFrom('device_events as e')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('e.kind', '=', 'alarm')
      .where('e.read', '=', 0);
  if ('projectId' in scope)
    return toCount((await unread().where('e.project_id', '=', scope.projectId).executeTakeFirst())?.n);
  let n = 0;
  for (const part of chunks([...new Set(scope.projectIds)]))
    n += toCount((await unread().where('e.project_id', 'in', part).executeTakeFirst())?.n);
  return n;
}

/** Unread alarms of each of these projects (absent: none), one grouped query per chunk. */
export async function countUnreadEach(db: Db, projectIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const part of chunks([...new Set(projectIds)])) {
    const rows = await db
      .selectFrom('device_events as e')
      .select((eb) => ['e.project_id', eb.fn.countAll().as('n')])
      .where('e.kind', '=', 'alarm')
      .where('e.read', '=', 0)
      .where('e.project_id', 'in', part)
      .groupBy('e.project_id')
      .execute();
    for (const r of rows) out.set(Number(r.project_id), toCount(r.n));
  }
  return out;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface EventRow {
  id: number;
  at: number;
  kind: string;
  severity: string;
  code: string;
  text: string;
  read: number;
  device_id: number;
  sn: string;
  name: string;
  mac: string | null;
  model: string | null;
  type: string;
  subject: string | null;
  cleared_at: number | string | null;
  cleared_text: string | null;
}

function toAlarm(r: EventRow): Alarm {
  return {
    id: Number(r.id),
    at: Number(r.at),
    kind: r.kind as EventKind,
    severity: r.severity as AlarmSeverity,
    code: r.code,
    text: r.text,
    read: r.read ? 1 : 0,
    device: { id: r.device_id, sn: r.sn, name: r.name, mac: r.mac, model: r.model, type: r.type },
    subject: r.subject,
    clearable: r.kind === 'alarm' && isClearableAlarm(r.code),
    clearedAt: r.cleared_at === null ? null : Number(r.cleared_at),
    clearedText: r.cleared_text,
  };
}

export class AlarmStore {
  constructor(private readonly db: Db) {}

  /**
   * Retention of device events (logs and alarms, §9 log retention): what happened before `before`
   * goes, in bounded batches — except an alarm still active that can clear (it leaves when its
   * condition ends and then ages out). Returns the rows deleted.
   */
  async pruneEvents(before: number, batches: PruneBatches): Promise<number> {
    const clearable = sql.join(Object.keys(ALARM_CLEAR_RULES).map((code) => sql.lit(code)));
    return batches.prune({
      table: 'device_events',
      key: ['id'],
      scope: 'device_id',
      older: sql`${sql.ref('at')} < ${before} and not (${sql.ref('kind')} = 'alarm' and ${sql.ref('cleared_at')} is null and ${sql.ref('code')} in (${clearable}))`,
    });
  }

  private filtered(projectId: number, f: Pick<AlarmFilter, 'kind'> & Partial<AlarmFilter>) {
    let q = this.db
      .selectFrom('device_events as e')
      .innerJoin('devices as d', 'd.id', 'e.device_id')
      .where('e.project_id', '=', projectId);
    if (f.kind !== 'all') q = q.where('e.kind', '=', f.kind);
    if (f.severity !== undefined) q = q.where('e.severity', '=', f.severity);
    if (f.read !== undefined) q = q.where('e.read', '=', f.read);
    if (f.deviceId !== undefined) q = q.where('e.device_id', '=', f.deviceId);
    if (f.from !== undefined) q = q.where('e.at', '>=', f.from);
    if (f.to !== undefined) q = q.where('e.at', '<=', f.to);
    const text = f.q?.toLowerCase();
    if (text) {
      const pattern = `%${escapeLike(text)}%`;
      // MACs match with or without separators ("3c52a1" finds 3C:52:A1:…).
      const macPattern = `%${escapeLike(text.replace(/[^0-9a-f]/g, ''))}%`;
      const like = (col: string) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`;
      q = q.where((eb) =>
        eb.or([
          like('e.text'),
          like('e.code'),
          like('d.name'),
          like('d.sn'),
          like('d.model'),
          ...(macPattern.length > 2
            ? [sql<boolean>`replace(lower(${sql.ref('d.mac')}), ':', '') like ${macPattern} escape '\\'`]
            : []),
        ]),
      );
    }
    return q;
  }

  private static columns = [
    'e.id',
    'e.at',
    'e.kind',
    'e.severity',
    'e.code',
    'e.text',
    'e.read',
    'e.device_id',
    'd.sn',
    'd.name',
    'd.mac',
    'd.model',
    'd.type',
    'e.subject',
    'e.cleared_at',
    'e.cleared_text',
  ] as const;

  async count(projectId: number, f: AlarmFilter): Promise<number> {
    const r = await this.filtered(projectId, f)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return toCount(r?.n);
  }

  /** Newest first (ties by id): a page, or the first `limit` rows for the export. */
  async list(projectId: number, f: AlarmFilter, limit: number, offset = 0): Promise<Alarm[]> {
    const rows = await this.filtered(projectId, f)
      .select(AlarmStore.columns)
      .orderBy('e.at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(toAlarm);
  }

  /** These alarms of a project (others' ids are not found), newest first. */
  async byIds(projectId: number, ids: readonly number[]): Promise<Alarm[]> {
    const out: Alarm[] = [];
    for (const part of chunks([...ids])) {
      const rows = await this.filtered(projectId, { kind: 'alarm' })
        .where('e.id', 'in', part)
        .select(AlarmStore.columns)
        .execute();
      out.push(...rows.map(toAlarm));
    }
    return out.sort((a, b) => b.at - a.at || b.id - a.id);
  }

  /**
   * The newest alarms across these projects (the data screen), newest first, with their project:
   * per chunk of projects the newest `limit` on the (project, kind, at) index, then merged.
   */
  async recent(projectIds: readonly number[], limit: number): Promise<(Alarm & { projectId: number })[]> {
    const out: (Alarm & { projectId: number })[] = [];
    for (const part of chunks([...new Set(projectIds)])) {
      const rows = await this.db
        .selectFrom('device_events as e')
        .innerJoin('devices as d', 'd.id', 'e.device_id')
        .where('e.project_id', 'in', part)
        .where('e.kind', '=', 'alarm')
        .select([...AlarmStore.columns, 'e.project_id'])
        .orderBy('e.at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute();
      out.push(...rows.map((r) => ({ ...toAlarm(r), projectId: Number(r.project_id) })));
    }
    return out.sort((a, b) => b.at - a.at || b.id - a.id).slice(0, limit);
  }

  /** Open alarms of conditions that can end: what the clearing logic watches (loaded at start). */
  async openConditions(codes: readonly string[]) {
    if (codes.length === 0) return [];
    return this.db
      .selectFrom('device_events')
      .select(['id', 'device_id', 'project_id', 'code', 'subject', 'threshold'])
      .where('kind', '=', 'alarm')
      .where('cleared_at', 'is', null)
      .where('code', 'in', [...codes])
      .execute();
  }

  /**
   * Clears the open alarms of a device's condition (code, and subject when given): the time and the
   * reason. Only rows still open change, so two nodes clearing the same alarm record it once.
   * Answers the ids and projects of the alarms it cleared.
   */
  async clear(
    which: { deviceId: number; code: string; subject?: string | null } | { ids: readonly number[] },
    at: number,
    text: string,
  ): Promise<{ id: number; project_id: number }[]> {
    let q = this.db
      .updateTable('device_events')
      .set({ cleared_at: at, cleared_text: text })
      .where('kind', '=', 'alarm')
      .where('cleared_at', 'is', null);
    if ('ids' in which) {
      if (which.ids.length === 0) return [];
      q = q.where('id', 'in', [...which.ids]);
    } else {
      q = q.where('device_id', '=', which.deviceId).where('code', '=', which.code);
      if (which.subject !== undefined)
        q = which.subject === null ? q.where('subject', 'is', null) : q.where('subject', '=', which.subject);
    }
    const rows = await q.returning(['id', 'project_id']).execute();
    return rows.map((r) => ({ id: Number(r.id), project_id: Number(r.project_id) }));
  }

  /** Clears the open alarms of one code of these devices (chunked: SQLite caps bound parameters). */
  async clearOf(
    deviceIds: readonly number[],
    code: string,
    at: number,
    text: string,
  ): Promise<{ id: number; project_id: number }[]> {
    const out: { id: number; project_id: number }[] = [];
    for (const ids of chunks(deviceIds, 500)) {
      const rows = await this.db
        .updateTable('device_events')
        .set({ cleared_at: at, cleared_text: text })
        .where('kind', '=', 'alarm')
        .where('cleared_at', 'is', null)
        .where('code', '=', code)
        .where('device_id', 'in', ids)
        .returning(['id', 'project_id'])
        .execute();
      for (const r of rows) out.push({ id: Number(r.id), project_id: Number(r.project_id) });
    }
    return out;
  }

  unread(projectId: number): Promise<number> {
    return countUnreadAlarms(this.db, { projectId });
  }

  /** Marks unread alarms read: the ids given (others' ids are ignored), or all (of one device). */
  async markRead(
    projectId: number,
    which: { ids: number[] } | { all: true; deviceId?: number | undefined },
  ): Promise<number> {
    let q = this.db
      .updateTable('device_events')
      .set({ read: 1 })
      .where('project_id', '=', projectId)
      .where('kind', '=', 'alarm')
      .where('read', '=', 0);
    if ('ids' in which) q = q.where('id', 'in', which.ids);
    else if (which.deviceId !== undefined) q = q.where('device_id', '=', which.deviceId);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
