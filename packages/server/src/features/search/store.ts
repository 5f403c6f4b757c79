/**
 * SQL of the global search: a read model over other features' tables (docs/architecture.md "Data
 * ownership"): `devices` (devices feature), `clients` and `client_aliases` (clients feature). It
 * writes nothing.
 *
 * How it scales: each statement is bounded to the caller's projects (`project_id in (…)`, served by
 * the `devices_project` and `clients_project` indexes) and evaluates ONE case-folded LIKE per row
 * over the searchable columns joined by a tab (which a search box cannot hold), like the device
 * list's search; a client's alias is matched once, as the set of MACs whose alias matches, so each
 * client row is judged on its own columns and only matching rows are joined. The cost is linear in
 * the devices and online clients of the caller's projects (docs/operations.md "Global search":
 * 10–60 ms for 10,000 devices and 20–115 ms for 30,000 clients on the shared 2-core machine under
 * load), and the answer is cut at `limit` rows, best matches first. No index is added to `devices`
 * or `clients`, so the device and client writers and the device list keep their cost.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db';

export interface DeviceSearchRow {
  id: number;
  project_id: number;
  name: string;
  sn: string;
  mac: string | null;
  ip: string | null;
  model: string | null;
  type: string;
  status: number;
}

export interface ClientSearchRow {
  project_id: number;
  mac: string;
  name: string;
  alias: string | null;
  ip: string | null;
  ssid: string | null;
  vlan: number | null;
  device_id: number;
  device_name: string;
  updated_at: number;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The hex digits of a query that reads as (part of) a MAC in any spelling, else null. */
export function macDigits(q: string): string | null {
  if (!/^[0-9a-f]{2}([:\-. ]?[0-9a-f]{1,4})*[:\-.]?$/i.test(q)) return null;
  const hex = q.replace(/[^0-9a-f]/gi, '').toLowerCase();
  return hex.length >= 2 ? hex : null;
}

function contains(q: string): string {
  return `%${escapeLike(q.toLowerCase())}%`;
}

/**
 * `lower(a \t b \t …) like %q%`, or a MAC typed in any spelling, or `extra` (another table's
 * match, as a condition on this row's columns so that it is judged before any join).
 */
function matches(
  columns: readonly string[],
  macColumn: string,
  q: string,
  extra?: RawBuilder<SqlBool>,
): RawBuilder<SqlBool> {
  const haystack = sql.join(
    columns.map((c) => sql`coalesce(${sql.ref(c)}, '')`),
    sql` || ${'\t'} || `,
  );
  const any = [sql<SqlBool>`lower(${haystack}) like ${contains(q)} escape '\\'`];
  const hex = macDigits(q);
  if (hex)
    any.push(sql<SqlBool>`lower(replace(coalesce(${sql.ref(macColumn)}, ''), ':', '')) like ${`%${hex}%`}`);
  if (extra) any.push(extra);
  return sql<SqlBool>`(${sql.join(any, sql` or `)})`;
}

/** Exact matches first (an SN, a MAC, an IP, a name typed in full), then prefixes, then the rest. */
function rank(exact: readonly string[], prefix: readonly string[], q: string): RawBuilder<number> {
  const lower = q.toLowerCase();
  const eq = sql.join(
    exact.map((c) => sql`lower(coalesce(${sql.ref(c)}, '')) = ${lower}`),
    sql` or `,
  );
  const starts = sql.join(
    prefix.map((c) => sql`lower(coalesce(${sql.ref(c)}, '')) like ${`${escapeLike(lower)}%`} escape '\\'`),
    sql` or `,
  );
  return sql<number>`case when ${eq} then 0 when ${starts} then 1 else 2 end`;
}

export class SearchStore {
  constructor(private readonly db: Db) {}

  /** Devices of these projects matching `q` in name, SN, MAC, IP or model; best first, at most `limit`. */
  async devices(projectIds: readonly number[], q: string, limit: number): Promise<DeviceSearchRow[]> {
    if (projectIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('devices as d')
      .select(['d.id', 'd.project_id', 'd.name', 'd.sn', 'd.mac', 'd.ip', 'd.model', 'd.type', 'd.status'])
      .where('d.project_id', 'in', projectIds)
      .where(matches(['d.name', 'd.sn', 'd.mac', 'd.ip', 'd.model'], 'd.mac', q))
      .orderBy(rank(['d.sn', 'd.mac', 'd.ip', 'd.name'], ['d.name', 'd.sn', 'd.ip'], q))
      .orderBy(sql`lower(d.name)`)
      .orderBy('d.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, status: Number(r.status) })) as DeviceSearchRow[];
  }

  /**
   * Online clients of these projects matching `q` in alias, name, MAC or IP; best first, at most
   * `limit` rows (a client listed by two devices while it roams is two rows).
   */
  async clients(projectIds: readonly number[], q: string, limit: number): Promise<ClientSearchRow[]> {
    if (projectIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('clients as c')
      // The associated device's name, as the client list joins it.
      .innerJoin('devices as d', 'd.id', 'c.device_id')
      .leftJoin('client_aliases as a', (j) =>
        j.onRef('a.project_id', '=', 'c.project_id').onRef('a.mac', '=', 'c.mac'),
      )
      .select([
        'c.project_id',
        'c.mac',
        'c.name',
        'a.alias',
        'c.ip',
        'c.ssid',
        'c.vlan',
        'c.device_id',
        'd.name as device_name',
        'c.updated_at',
      ])
      .where('c.project_id', 'in', projectIds)
      // The aliases that match, as a set of MACs computed once: each client row is judged on its
      // own columns, and the joins are made only for the rows that match.
      .where(
        matches(
          ['c.name', 'c.mac', 'c.ip'],
          'c.mac',
          q,
          sql<SqlBool>`c.mac in (select mac from client_aliases where project_id in (${sql.join(projectIds)}) and lower(alias) like ${contains(q)} escape '\\')`,
        ),
      )
      .orderBy(rank(['a.alias', 'c.name', 'c.mac', 'c.ip'], ['a.alias', 'c.name', 'c.ip'], q))
      .orderBy(sql`lower(coalesce(a.alias, c.name))`)
      .orderBy('c.mac')
      .orderBy('c.updated_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, updated_at: Number(r.updated_at) })) as ClientSearchRow[];
  }
}
