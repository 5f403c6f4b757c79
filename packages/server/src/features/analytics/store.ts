import type { PivotDimension, PivotMeasure } from '@netloom/domain';
import type { Insertable, Selectable } from 'kysely';
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db';
import type { PruneBatches } from '../../db/prune';
import type { AnalyticsEventsTable, AnalyticsTerminalsTable } from '../../db/schema';

export type TerminalRow = Selectable<AnalyticsTerminalsTable>;
export type EventInsert = Insertable<AnalyticsEventsTable>;

const COLUMN: Record<PivotDimension, keyof AnalyticsEventsTable & string> = {
  page: 'page_path',
  event: 'event_name',
  appVersion: 'app_version',
  browser: 'browser',
  os: 'os',
  day: 'day',
};

function measureOf(m: PivotMeasure): RawBuilder<number> {
  if (m === 'sessions') return sql<number>`count(distinct session_id)`;
  if (m === 'users') return sql<number>`count(distinct account_id)`;
  return sql<number>`count(*)`;
}

export interface PivotCount {
  r: string;
  c: string;
  n: number;
}

/** The analytics feature's SQL: its terminals and events (migration 0033). */
export class AnalyticsStore {
  constructor(private readonly db: Db) {}

  async addTerminal(row: TerminalRow, nowIso: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('analytics_terminals')
        .where('account_id', '=', row.account_id)
        .where('expires_at', '<=', nowIso)
        .execute();
      await tx.insertInto('analytics_terminals').values(row).execute();
    });
  }

  /** A terminal still valid at `nowIso`, or undefined. */
  async terminal(id: string, nowIso: string): Promise<TerminalRow | undefined> {
    return this.db
      .selectFrom('analytics_terminals')
      .selectAll()
      .where('id', '=', id)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  async dropTerminalsOfSession(sessionId: number): Promise<void> {
    await this.db.deleteFrom('analytics_terminals').where('session_id', '=', sessionId).execute();
  }

  /** Inserts the events not stored yet (by account and key); how many were new. */
  async addEvents(rows: EventInsert[]): Promise<number> {
    if (rows.length === 0) return 0;
    const r = await this.db
      .insertInto('analytics_events')
      .values(rows)
      .onConflict((oc) => oc.columns(['account_id', 'event_key']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0);
  }

  /**
   * Retention: deletes the events of UTC days before `beforeDay` (YYYY-MM-DD) in the run's bounded
   * batches, by the day index; the rows deleted.
   */
  pruneEvents(beforeDay: string, batches: PruneBatches): Promise<number> {
    return batches.pruneIndexed({ table: 'analytics_events', key: ['id'], older: sql`day < ${beforeDay}` });
  }

  /**
   * The measure grouped by the rows' dimension and the columns' (null: one group), over the days
   * from–to. A dimension absent from the grouping answers ''.
   */
  async counts(
    rows: PivotDimension | null,
    columns: PivotDimension | null,
    measure: PivotMeasure,
    from: string,
    to: string,
  ): Promise<PivotCount[]> {
    const r: Expression<string> = rows ? sql.ref<string>(COLUMN[rows]) : sql.lit('');
    const c: Expression<string> = columns ? sql.ref<string>(COLUMN[columns]) : sql.lit('');
    let q = this.db
      .selectFrom('analytics_events')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .select([sql<string>`${r}`.as('r'), sql<string>`${c}`.as('c'), measureOf(measure).as('n')]);
    if (rows) q = q.groupBy(sql.ref(COLUMN[rows]));
    if (columns) q = q.groupBy(sql.ref(COLUMN[columns]));
    const out = await q.execute();
    return out.map((o) => ({ r: String(o.r), c: String(o.c), n: Number(o.n) }));
  }
}
