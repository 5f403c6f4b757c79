import {
  DEVICE_STATUS_CODES,
  type DeviceSortKey,
  type DisplayStatusKey,
  deviceDisplayStatus,
} from '@netloom/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db';

/**
 * The device list in SQL: every filter, the search, the sort and the page are pushed into one
 * SELECT (plus one COUNT), with the uplink device joined in — no per-row queries. The indexes of
 * migration 0003 serve the default path (project, type, name).
 */

export interface DeviceListFilter {
  projectId: number;
  type?: string[] | undefined;
  status?: DisplayStatusKey[] | undefined;
  q?: string | undefined;
  ip?: string | undefined;
  model?: string | undefined;
  port?: string | undefined;
  name?: string | undefined;
  vlan?: number | undefined;
  mac?: string | undefined;
}

export interface DeviceListOrder {
  sort: DeviceSortKey;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const SORT_COLUMNS: Record<DeviceSortKey, string> = {
  name: 'd.name',
  sn: 'd.sn',
  type: 'd.type',
  model: 'd.model',
  mac: 'd.mac',
  firmwareVersion: 'd.firmware_version',
  hardwareVersion: 'd.hardware_version',
  ip: 'd.ip',
  managementMode: 'd.management_mode',
  status: 'd.status',
  uplink: 'd.uplink_sn',
  cpu: 'd.cpu',
  memory: 'd.memory',
  uptime: 'd.uptime',
  clients: 'd.clients',
  txRate: 'd.tx_rate',
  rxRate: 'd.rx_rate',
  meshRole: 'd.mesh_role',
  location: 'd.location',
  remark: 'd.remark',
  configVersion: 'd.config_version',
  lastSeenAt: 'd.last_seen_at',
  createdAt: 'd.created_at',
};
/** Text columns sort ignoring letter case, as people read them. */
const CASE_FOLDED: ReadonlySet<DeviceSortKey> = new Set([
  'name',
  'model',
  'firmwareVersion',
  'hardwareVersion',
  'location',
  'remark',
]);

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
function containsPattern(s: string): string {
  return `%${escapeLike(s.toLowerCase())}%`;
}
/** `lower(col) LIKE %text%` with the same escaping on both databases. */
function contains(col: string, text: string) {
  return sql<SqlBool>`lower(${sql.ref(col)}) like ${containsPattern(text)} escape '\\'`;
}
/** A MAC typed in any spelling (aa-bb-cc, AABBCC, aa:bb) matches the stored AA:BB:CC:DD:EE:FF. */
function macContains(text: string) {
  const hex = text.replace(/[^0-9A-Fa-f]/g, '').toLowerCase();
  // No hex digit at all ("zz"): nothing can match, rather than everything.
  if (hex === '') return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`lower(replace(d.mac, ':', '')) like ${`%${hex}%`}`;
}
function codesOf(keys: readonly DisplayStatusKey[]): number[] {
  return DEVICE_STATUS_CODES.filter((c) => keys.includes(deviceDisplayStatus(c).key));
}

/** What the free-text search looks in. */
const SEARCH_COLUMNS = ['d.name', 'd.sn', 'd.model', 'd.ip', 'd.mac', 'd.location', 'd.remark'];

/** The WHERE of the list and its count, as one SQL condition over `devices as d`. */
export function deviceFilterSql(f: DeviceListFilter): RawBuilder<SqlBool> {
  const conds: RawBuilder<SqlBool>[] = [sql<SqlBool>`d.project_id = ${f.projectId}`];
  const inList = (col: string, values: readonly (string | number)[]) =>
    sql<SqlBool>`${sql.ref(col)} in (${sql.join(values)})`;
  if (f.type?.length) conds.push(inList('d.type', f.type));
  if (f.status?.length) conds.push(inList('d.status', codesOf(f.status)));
  if (f.ip) conds.push(contains('d.ip', f.ip));
  if (f.model) conds.push(contains('d.model', f.model));
  if (f.name) conds.push(contains('d.name', f.name));
  if (f.port) conds.push(sql<SqlBool>`d.uplink_port = ${f.port}`);
  if (f.mac) conds.push(macContains(f.mac));
  if (f.vlan !== undefined) {
    // The clients' VLAN filters the page in the same statement (a read-only list join, see
    // docs/architecture.md "Data ownership").
    conds.push(
      sql<SqlBool>`exists (select 1 from clients c where c.device_id = d.id and c.vlan = ${f.vlan})`,
    );
  }
  if (f.q) {
    // One LIKE over the searchable columns joined (a tab between them, which a search box cannot
    // hold): a seventh of the work of seven LIKEs on a 10,000-device scan.
    const haystack = sql.join(
      SEARCH_COLUMNS.map((c) => sql`coalesce(${sql.ref(c)}, '')`),
      sql` || ${'\t'} || `,
    );
    conds.push(sql<SqlBool>`lower(${haystack}) like ${containsPattern(f.q)} escape '\\'`);
  }
  return sql<SqlBool>`${sql.join(conds, sql` and `)}`;
}

/** Columns NOT NULL in the table: they sort without the "empty cells last" clause, so indexes serve them. */
const NOT_NULL: ReadonlySet<DeviceSortKey> = new Set(['name', 'sn', 'type', 'status', 'createdAt']);

/** Every column the list shows: not `state_json` (kilobytes of ports) nor `boot_id`. */
export const LIST_COLUMNS = [
  'd.id',
  'd.project_id',
  'd.sn',
  'd.type',
  'd.name',
  'd.status',
  'd.created_at',
  'd.model',
  'd.mac',
  'd.firmware_version',
  'd.hardware_version',
  'd.location',
  'd.remark',
  'd.ip',
  'd.uplink_sn',
  'd.uplink_port',
  'd.uplink_kind',
  'd.management_mode',
  'd.mesh_role',
  'd.uptime',
  'd.clients',
  'd.config_version',
  'd.cpu',
  'd.memory',
  'd.tx_rate',
  'd.rx_rate',
  'd.last_seen_at',
  'd.status_changed_at',
  'd.problem_at',
  'd.problem_json',
  'd.not_reporting',
] as const;

/** ORDER BY of the list: the column (case-folded text), empty cells last on both databases, then id. */
function orderSql(o: DeviceListOrder) {
  const col = SORT_COLUMNS[o.sort];
  const key = CASE_FOLDED.has(o.sort) ? sql`lower(${sql.ref(col)})` : sql.ref(col);
  const dir = o.order === 'desc' ? sql`desc` : sql`asc`;
  // SQLite sorts NULL first and PostgreSQL last by default; NULLS LAST (both support it) agrees them.
  const nulls = NOT_NULL.has(o.sort) ? sql`` : sql` nulls last`;
  return sql`${key} ${dir}${nulls}, d.id ${dir}`;
}

/**
 * The page of rows (with the uplink device's id and name) in the requested order; `withTotal`: each
 * row carries the total of matching rows (one pass instead of a page query plus a count, for
 * queries that read every matching row anyway — see `isIndexOrdered`). The page's ids are
 * chosen first over the narrow index columns, then only those rows are read whole and joined to
 * their uplink — sorting 10,000 full rows (or joining each) would spill to disk on PostgreSQL.
 */
export function selectDevicePage(db: Db, f: DeviceListFilter, o: DeviceListOrder, withTotal: boolean) {
  const page = db
    .selectFrom('devices as d')
    .select((eb) => [
      'd.id',
      withTotal ? eb.fn.countAll().over().as('total_rows') : sql<number>`0`.as('total_rows'),
    ])
    .where(deviceFilterSql(f))
    .orderBy(orderSql(o))
    .limit(o.pageSize)
    .offset((o.page - 1) * o.pageSize);
  return db
    .selectFrom(page.as('p'))
    .innerJoin('devices as d', 'd.id', 'p.id')
    .leftJoin('devices as u', (j) =>
      j.onRef('u.sn', '=', 'd.uplink_sn').onRef('u.project_id', '=', 'd.project_id'),
    )
    .select(LIST_COLUMNS)
    .select(['u.id as uplink_id', 'u.name as uplink_name', 'p.total_rows'])
    .orderBy(orderSql(o));
}

/**
 * Whether an index (migration 0003) yields the page in order — the default name sort, of one type
 * or all, without other filters but the status and a search — so the page stops after `pageSize`
 * rows and a separate count (an index scan; `devices_project_status` for a status) is cheaper than
 * counting in the page query, which reads and sorts every matching row ("online" is nearly all of
 * them). A search counts only when its page is full (`DeviceStore.page`).
 */
export function isIndexOrdered(f: DeviceListFilter, o: DeviceListOrder): boolean {
  const { projectId: _p, type, status: _s, q: _q, ...others } = f;
  return o.sort === 'name' && (type?.length ?? 0) <= 1 && Object.values(others).every((v) => v === undefined);
}

export function countDevices(db: Db, f: DeviceListFilter) {
  return db
    .selectFrom('devices as d')
    .where(deviceFilterSql(f))
    .select((eb) => eb.fn.countAll().as('n'));
}
