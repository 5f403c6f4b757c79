import {
  DEVICE_STATUS_CODES,
  GATEWAY_KINDS,
  isDeviceOnline,
  MANAGEMENT_MODES,
  type NetMode,
  PROTOCOL_PROBLEMS_KEPT,
  type ProtocolProblem,
} from '@netloom/domain';
import { type Kysely, PostgresAdapter, type Selectable, sql, type Updateable } from 'kysely';
import { chunks, type Db, toCount } from '../../db';
import type { Database, DevicesTable, NewDevice, PendingDevicesTable } from '../../db/schema';
import {
  countDevices,
  type DeviceListFilter,
  type DeviceListOrder,
  isIndexOrdered,
  selectDevicePage,
} from './listQuery';
import { DeviceCounts, type ProjectFacts } from './rules';

/** A device row with its uplink device's id and name (null when the uplink is not in the project). */
export type DeviceRow = Omit<Selectable<DevicesTable>, 'state_json' | 'boot_id'> & {
  state_json?: string | null;
  uplink_id: number | null;
  uplink_name: string | null;
};
export type PendingRow = Selectable<PendingDevicesTable>;
export type PendingRowWithUplink = PendingRow & { uplink_name: string | null };

/** Status codes that count as online (§4, `isDeviceOnline`). */
const ONLINE_CODES = DEVICE_STATUS_CODES.filter(isDeviceOnline);
/** How many of a group's devices are online (a status that counts as online). */
const onlineCount = () =>
  sql<number>`sum(case when status in (${sql.join(ONLINE_CODES)}) then 1 else 0 end)`.as('online');

/** Serial numbers are unique ignoring letter case (docs/protocol.md §2): lookups go through lower(sn). */
function lowered(sns: readonly string[]): string[] {
  return [...new Set(sns.map((s) => s.toLowerCase()))];
}

/** SQL of onboarding, the device list and detail. Methods taking `db` also run inside a transaction. */
export class DeviceStore {
  constructor(readonly db: Db) {}

  private isPostgres(db: Kysely<Database>): boolean {
    return db.getExecutor().adapter instanceof PostgresAdapter;
  }

  // ── onboarding ────────────────────────────────────────────────────────────────────────────────
  // The one read of another feature's table (docs/architecture.md "Data ownership"): a claim reads
  // and locks its project's row and counts the owner's devices across its projects inside the claim's
  // own transaction, so two concurrent claims cannot both pass a limit (the kind check at a device's
  // first hello applies the same rules). Read-only.
  /** The project; with `lock` its row is locked until the transaction ends (PostgreSQL; SQLite serialises writers). */
  async projectFacts(db: Db, projectId: number, lock = false): Promise<ProjectFacts | undefined> {
    let q = db.selectFrom('projects').select(['id', 'net_mode', 'owner_id']).where('id', '=', projectId);
    if (lock && this.isPostgres(db)) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    return row && { id: row.id, netMode: row.net_mode as NetMode, ownerId: row.owner_id };
  }

  async devicesBySn(db: Db, sns: readonly string[]) {
    if (sns.length === 0) return [];
    // With the device's name and its project's name and owner: a refusal says where the device is.
    return db
      .selectFrom('devices')
      .innerJoin('projects', 'projects.id', 'devices.project_id')
      .select([
        'devices.id',
        'devices.sn',
        'devices.project_id',
        'devices.name',
        'projects.name as project_name',
        'projects.owner_id',
      ])
      .where(sql<string>`lower(devices.sn)`, 'in', lowered(sns))
      .execute();
  }

  async pendingBySn(db: Db, sns: readonly string[]): Promise<PendingRow[]> {
    if (sns.length === 0) return [];
    return db
      .selectFrom('pending_devices')
      .selectAll()
      .where(sql<string>`lower(sn)`, 'in', lowered(sns))
      .execute();
  }

  /**
   * The project's routing device added last (the greatest id): with two of them, the one that takes
   * no network settings (`secondRouters` in the domain) and so the one a 67 alarm is about.
   */
  async lastRouter(db: Db, projectId: number) {
    return db
      .selectFrom('devices')
      .select(['id', 'type', 'model'])
      .where('project_id', '=', projectId)
      .where('type', 'in', [...GATEWAY_KINDS])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Devices per type in the project, and the owner's total across the projects it owns. */
  async counts(db: Db, project: ProjectFacts): Promise<DeviceCounts> {
    const rows = await db
      .selectFrom('devices')
      .select((eb) => ['type', eb.fn.countAll().as('n')])
      .where('project_id', '=', project.id)
      .groupBy('type')
      .execute();
    const total = await db
      .selectFrom('devices as d')
      .innerJoin('projects as p', 'p.id', 'd.project_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('p.owner_id', '=', project.ownerId)
      .executeTakeFirst();
    return new DeviceCounts(new Map(rows.map((r) => [r.type, toCount(r.n)])), toCount(total?.n));
  }

  async insertDevice(db: Db, row: NewDevice): Promise<number> {
    const r = await db.insertInto('devices').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async deletePending(db: Db, sns: readonly string[]): Promise<void> {
    if (sns.length === 0) return;
    await db.deleteFrom('pending_devices').where(sql<string>`lower(sn)`, 'in', lowered(sns)).execute();
  }

  // ── devices to be verified ────────────────────────────────────────────────────────────────────
  private pendingQuery(projectId: number) {
    return this.db
      .selectFrom('pending_devices as p')
      .leftJoin('devices as u', (j) =>
        j.onRef('u.sn', '=', 'p.uplink_sn').onRef('u.project_id', '=', 'p.project_id'),
      )
      .selectAll('p')
      .select('u.name as uplink_name')
      .where('p.project_id', '=', projectId)
      .where('p.dismissed_at', 'is', null);
  }

  listPending(projectId: number): Promise<PendingRowWithUplink[]> {
    return this.pendingQuery(projectId).orderBy('p.first_seen_at', 'desc').orderBy('p.sn').execute();
  }

  async findPending(projectId: number, sn: string): Promise<PendingRowWithUplink | undefined> {
    return this.pendingQuery(projectId)
      .where(sql<string>`lower(p.sn)`, '=', sn.toLowerCase())
      .executeTakeFirst();
  }

  async countPending(projectId: number): Promise<number> {
    const r = await this.db
      .selectFrom('pending_devices')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('project_id', '=', projectId)
      .where('dismissed_at', 'is', null)
      .executeTakeFirst();
    return toCount(r?.n);
  }

  /** Hides an offer; returns false when the device is not offered to the project. */
  async dismissPending(projectId: number, sn: string, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('pending_devices')
      .set({ dismissed_at: at })
      .where('project_id', '=', projectId)
      .where(sql<string>`lower(sn)`, '=', sn.toLowerCase())
      .where('dismissed_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  // ── list and detail ───────────────────────────────────────────────────────────────────────────
  async page(
    filter: DeviceListFilter,
    order: DeviceListOrder,
  ): Promise<{ rows: DeviceRow[]; total: number }> {
    if (isIndexOrdered(filter, order) && filter.q) {
      // A search walks the name index until the page is full: at once for a broad search, the whole
      // project for a narrow one — whose matches then fit on this page, so they are the count.
      const rows = (await selectDevicePage(this.db, filter, order, false).execute()) as DeviceRow[];
      const before = (order.page - 1) * order.pageSize;
      if (rows.length < order.pageSize && (rows.length > 0 || order.page === 1))
        return { rows, total: before + rows.length };
      return { rows, total: toCount((await countDevices(this.db, filter).executeTakeFirst())?.n) };
    }
    if (isIndexOrdered(filter, order)) {
      const [rows, count] = await Promise.all([
        selectDevicePage(this.db, filter, order, false).execute(),
        countDevices(this.db, filter).executeTakeFirst(),
      ]);
      return { rows: rows as DeviceRow[], total: toCount(count?.n) };
    }
    const rows = await selectDevicePage(this.db, filter, order, true).execute();
    const first = rows[0];
    if (first) return { rows: rows as DeviceRow[], total: toCount(first.total_rows) };
    // Past the last page (or nothing matches): the total still answers "how many".
    const total = order.page === 1 ? 0 : toCount((await countDevices(this.db, filter).executeTakeFirst())?.n);
    return { rows: [], total };
  }

  async typeCounts(projectId: number) {
    return this.db
      .selectFrom('devices')
      .select((eb) => ['type', eb.fn.countAll().as('n'), onlineCount()])
      .where('project_id', '=', projectId)
      .groupBy('type')
      .execute();
  }

  async get(projectId: number, deviceId: number): Promise<DeviceRow | undefined> {
    const row = await this.db
      .selectFrom('devices as d')
      .leftJoin('devices as u', (j) =>
        j.onRef('u.sn', '=', 'd.uplink_sn').onRef('u.project_id', '=', 'd.project_id'),
      )
      .selectAll('d')
      .select(['u.id as uplink_id', 'u.name as uplink_name'])
      .where('d.project_id', '=', projectId)
      .where('d.id', '=', deviceId)
      .executeTakeFirst();
    return row as DeviceRow | undefined;
  }

  downlinks(projectId: number, sn: string) {
    return this.db
      .selectFrom('devices')
      .select(['id', 'sn', 'name', 'uplink_port'])
      .where('project_id', '=', projectId)
      .where('uplink_sn', '=', sn)
      .orderBy('name')
      .execute();
  }

  /** The device's last refused messages, newest first (the problems writer keeps at most 20). */
  async problems(deviceId: number): Promise<ProtocolProblem[]> {
    return this.db
      .selectFrom('device_problems')
      .select(['message', 'code', 'path', 'reason', 'at'])
      .where('device_id', '=', deviceId)
      .orderBy('id', 'desc')
      .limit(PROTOCOL_PROBLEMS_KEPT)
      .execute();
  }

  async update(projectId: number, deviceId: number, patch: Updateable<DevicesTable>): Promise<boolean> {
    const r = await this.db
      .updateTable('devices')
      .set(patch)
      .where('project_id', '=', projectId)
      .where('id', '=', deviceId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  // ── what other features ask (through the feature's public interface) ──────────────────────────
  /** Devices and online devices of each of these projects (a project without devices is absent). */
  async countsByProject(
    projectIds: readonly number[],
  ): Promise<Map<number, { devices: number; online: number }>> {
    const out = new Map<number, { devices: number; online: number }>();
    for (const part of chunks([...new Set(projectIds)])) {
      const rows = await this.db
        .selectFrom('devices')
        .select((eb) => ['project_id', eb.fn.countAll().as('n'), onlineCount()])
        .where('project_id', 'in', part)
        .groupBy('project_id')
        .execute();
      for (const r of rows) out.set(r.project_id, { devices: toCount(r.n), online: toCount(r.online) });
    }
    return out;
  }

  /** The project of each of these devices that exists. */
  async projectsOf(deviceIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const part of chunks([...new Set(deviceIds)])) {
      const rows = await this.db
        .selectFrom('devices')
        .select(['id', 'project_id'])
        .where('id', 'in', part)
        .execute();
      for (const r of rows) out.set(r.id, r.project_id);
    }
    return out;
  }

  /** Which of these SNs (exactly as given) are claimed, in any project. */
  async claimedSns(sns: readonly string[]): Promise<Set<string>> {
    if (sns.length === 0) return new Set();
    const rows = await this.db.selectFrom('devices').select('sn').where('sn', 'in', sns).execute();
    return new Set(rows.map((r) => r.sn));
  }

  /** The devices whose last stored state reported local management (a few: a scan, at start-up). */
  async locallyManaged(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('devices')
      .select('id')
      .where('management_mode', '=', MANAGEMENT_MODES.LOCAL)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Deletes the device (its telemetry, clients, events and commands cascade); returns its SN. */
  async delete(projectId: number, deviceId: number): Promise<string | undefined> {
    const r = await this.db
      .deleteFrom('devices')
      .where('project_id', '=', projectId)
      .where('id', '=', deviceId)
      .returning('sn')
      .executeTakeFirst();
    return r?.sn;
  }
}
