// The clients' daily history read by the client-data charts: summarises one project-day of
// `client_days` (the clients feature's table, read only) into `client_day_summaries` (this feature's).
/**
 * SQL of the client-day summaries. Summarising a day reads that day's rows of one project through
 * the primary key (project, day, mac): one pass for the distinct clients and authentication types,
 * one for the day's heaviest clients (a top-N sort, not a full one). Reading a range reads its
 * summaries by primary key, one row a day.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { PruneBatches } from '../../db/prune';
import type { ClientDaySummariesTable } from '../../db/schema';

/** How many of a day's heaviest clients a summary keeps (the range's top 10 is ranked from them). */
export const TOP_PER_DAY = 50;

/** One client's traffic: [mac, name, txBytes, rxBytes]. */
export type TopEntry = [mac: string, name: string, tx: number, rx: number];

export interface DaySummary {
  day: string;
  clients: number;
  /** Authentication type → distinct wireless clients that day. */
  auth: Record<string, number>;
  /** The day's heaviest clients, heaviest first (at most TOP_PER_DAY). */
  top: TopEntry[];
}

export class ClientDayStore {
  constructor(private readonly db: Db) {}

  /** Summarises one day of a project from its `client_days` rows (none: a day of 0 clients). */
  async summarize(projectId: number, day: string): Promise<DaySummary> {
    const auth = await this.db
      .selectFrom('client_days')
      .select((eb) => ['auth', eb.fn.countAll<number>().as('n')])
      .where('project_id', '=', projectId)
      .where('day', '=', day)
      .groupBy('auth')
      .execute();
    const byAuth: Record<string, number> = {};
    let clients = 0;
    for (const r of auth) {
      clients += Number(r.n);
      if (r.auth !== null) byAuth[r.auth] = Number(r.n);
    }
    if (clients === 0) return { day, clients: 0, auth: {}, top: [] };
    const top = await this.db
      .selectFrom('client_days')
      .select(['mac', 'name', 'tx_bytes', 'rx_bytes'])
      .where('project_id', '=', projectId)
      .where('day', '=', day)
      .orderBy(sql`tx_bytes + rx_bytes`, 'desc')
      .orderBy('mac')
      .limit(TOP_PER_DAY)
      .execute();
    return {
      day,
      clients,
      auth: byAuth,
      top: top.map((r) => [r.mac, r.name, Number(r.tx_bytes), Number(r.rx_bytes)]),
    };
  }

  /** The stored summaries of a project between two days (inclusive), by day. */
  async stored(projectId: number, fromDay: string, toDay: string): Promise<Map<string, DaySummary>> {
    const rows = await this.db
      .selectFrom('client_day_summaries')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .execute();
    return new Map(rows.map((r) => [r.day, parseRow(r)]));
  }

  /** Stores (or replaces) a finished day's summary. */
  async put(projectId: number, s: DaySummary, at: number): Promise<void> {
    const row: ClientDaySummariesTable = {
      project_id: projectId,
      day: s.day,
      clients: s.clients,
      auth: JSON.stringify(s.auth),
      top: JSON.stringify(s.top),
      summarized_at: at,
    };
    await this.db
      .insertInto('client_day_summaries')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['project_id', 'day']).doUpdateSet({
          clients: row.clients,
          auth: row.auth,
          top: row.top,
          summarized_at: row.summarized_at,
        }),
      )
      .execute();
  }

  /** Whether a project has any client history on a day (one primary-key seek). */
  async hasDay(projectId: number, day: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('client_days')
      .select('mac')
      .where('project_id', '=', projectId)
      .where('day', '=', day)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether a project-day has a stored summary. */
  async hasSummary(projectId: number, day: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('client_day_summaries')
      .select('day')
      .where('project_id', '=', projectId)
      .where('day', '=', day)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Exact traffic of these clients over these days (primary-key seeks: days × clients at most). */
  async trafficOf(
    projectId: number,
    days: readonly string[],
    macs: readonly string[],
  ): Promise<Map<string, { name: string; lastDay: string; tx: number; rx: number }>> {
    const out = new Map<string, { name: string; lastDay: string; tx: number; rx: number }>();
    if (days.length === 0 || macs.length === 0) return out;
    const rows = await this.db
      .selectFrom('client_days')
      .select(['mac', 'day', 'name', 'tx_bytes', 'rx_bytes'])
      .where('project_id', '=', projectId)
      .where('day', 'in', days)
      .where('mac', 'in', macs)
      .execute();
    for (const r of rows) {
      const e = out.get(r.mac) ?? { name: '', lastDay: '', tx: 0, rx: 0 };
      e.tx += Number(r.tx_bytes);
      e.rx += Number(r.rx_bytes);
      // The name of the latest day that has one.
      if (r.name !== '' && r.day > e.lastDay) {
        e.name = r.name;
        e.lastDay = r.day;
      }
      out.set(r.mac, e);
    }
    return out;
  }

  /** A project's aliases of these clients (the clients feature's names win over reported ones). */
  async aliasesOf(projectId: number, macs: readonly string[]): Promise<Map<string, string>> {
    if (macs.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('client_aliases')
      .select(['mac', 'alias'])
      .where('project_id', '=', projectId)
      .where('mac', 'in', macs)
      .execute();
    return new Map(rows.map((r) => [r.mac, r.alias]));
  }

  /** Retention: summaries of the days before `day` go with the history they summarise. */
  async prune(day: string, batches: PruneBatches): Promise<number> {
    return batches.prune({
      table: 'client_day_summaries',
      key: ['project_id', 'day'],
      scope: 'project_id',
      older: sql`${sql.ref('day')} < ${day}`,
    });
  }
}

function parseRow(r: ClientDaySummariesTable): DaySummary {
  return {
    day: r.day,
    clients: Number(r.clients),
    auth: JSON.parse(r.auth) as Record<string, number>,
    top: JSON.parse(r.top) as TopEntry[],
  };
}
