// The read side of telemetry, clients and devices: reads their tables, never writes them (see
// docs/architecture.md "Data ownership").
/**
 * SQL of the monitoring screens. Charts read only the project series tables (at most 4 kinds ×
 * 720 rows for 30 days, whatever the fleet size); "now" figures are aggregates over the project's
 * devices and clients (indexed on project).
 */
import { sql } from 'kysely';
import { chunks, type Db } from '../../db';
import type { ProjectSeriesTable, TelemetryRollupTable } from '../../db/schema';
import { AP_TYPES, type SeriesTable } from '../telemetry';

export interface FleetRow {
  type: string;
  mesh_role: number | null;
  total: number;
  online: number;
  clients: number;
  tx_rate: number;
  rx_rate: number;
}

export class MonitoringStore {
  constructor(private readonly db: Db) {}

  async series(
    projectId: number,
    table: SeriesTable,
    from: number,
    to: number,
  ): Promise<ProjectSeriesTable[]> {
    // The primary key's order (project, kind, bucket): readers pick rows by kind and bucket, and no
    // sort of the 30-day range (4 × 721 rows) is needed.
    return this.db
      .selectFrom(table)
      .selectAll()
      .where('project_id', '=', projectId)
      .where('bucket', '>=', from)
      .where('bucket', '<=', to)
      .orderBy('kind')
      .orderBy('bucket')
      .execute();
  }

  /** A device's own rollup rows in a range, if the device is in the project (else undefined). */
  async deviceRollups(
    projectId: number,
    deviceId: number,
    table: 'telemetry_5m' | 'telemetry_1h',
    from: number,
    to: number,
  ): Promise<TelemetryRollupTable[] | undefined> {
    const device = await this.db
      .selectFrom('devices')
      .select('id')
      .where('id', '=', deviceId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!device) return undefined;
    return this.db
      .selectFrom(table)
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('bucket', '>=', from)
      .where('bucket', '<=', to)
      .orderBy('bucket')
      .execute();
  }

  async fleet(projectId: number): Promise<FleetRow[]> {
    return (await this.fleetByProject([projectId])).map(({ project_id: _, ...row }) => row);
  }

  /** Clients now, per connection and band. */
  async clientSplit(projectId: number): Promise<{ connection: string; band: string | null; n: number }[]> {
    const rows = await this.db
      .selectFrom('clients')
      .select((eb) => ['connection', 'band', eb.fn.countAll<number>().as('n')])
      .where('project_id', '=', projectId)
      .groupBy(['connection', 'band'])
      .execute();
    return rows.map((r) => ({ connection: r.connection, band: r.band, n: Number(r.n) }));
  }

  async shareOf(
    projectId: number,
    column: 'firmware_version' | 'model',
  ): Promise<{ name: string | null; n: number }[]> {
    const rows = await this.db
      .selectFrom('devices')
      .select((eb) => [eb.ref(column).as('name'), eb.fn.countAll<number>().as('n')])
      .where('project_id', '=', projectId)
      .groupBy(column)
      .execute();
    return rows.map((r) => ({ name: r.name, n: Number(r.n) }));
  }

  async apLoad(projectId: number, limit = 10) {
    return this.db
      .selectFrom('devices')
      .select(['id', 'sn', 'name', 'model', 'clients', 'status'])
      .where('project_id', '=', projectId)
      .where('type', 'in', AP_TYPES)
      .orderBy(sql`coalesce(clients, 0)`, 'desc')
      .orderBy('name')
      .limit(limit)
      .execute();
  }

  async clientCount(projectId: number): Promise<number> {
    return this.clientsIn([projectId]);
  }

  /** Clients online now across these projects. */
  async clientsIn(projectIds: readonly number[]): Promise<number> {
    let n = 0;
    for (const part of chunks(projectIds)) {
      const row = await this.db
        .selectFrom('clients')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('project_id', 'in', part)
        .executeTakeFirst();
      n += Number(row?.n ?? 0);
    }
    return n;
  }
  /** Devices by project, type and mesh role across these projects (the data screen), in one query per chunk. */
  async fleetByProject(projectIds: readonly number[]): Promise<(FleetRow & { project_id: number })[]> {
    const out: (FleetRow & { project_id: number })[] = [];
    for (const part of chunks([...new Set(projectIds)])) {
      const rows = await this.db
        .selectFrom('devices')
        .select((eb) => [
          'project_id',
          'type',
          'mesh_role',
          eb.fn.countAll<number>().as('total'),
          sql<number>`sum(case when status in (0, 9) then 0 else 1 end)`.as('online'),
          sql<number>`sum(coalesce(clients, 0))`.as('clients'),
          sql<number>`sum(case when status in (0, 9) then 0 else coalesce(tx_rate, 0) end)`.as('tx_rate'),
          sql<number>`sum(case when status in (0, 9) then 0 else coalesce(rx_rate, 0) end)`.as('rx_rate'),
        ])
        .where('project_id', 'in', part)
        .groupBy(['project_id', 'type', 'mesh_role'])
        .execute();
      for (const r of rows)
        out.push({
          project_id: Number(r.project_id),
          type: r.type,
          mesh_role: r.mesh_role,
          total: Number(r.total),
          online: Number(r.online),
          clients: Number(r.clients),
          tx_rate: Number(r.tx_rate),
          rx_rate: Number(r.rx_rate),
        });
    }
    return out;
  }

  /** Clients online now per project, across these projects. */
  async clientsByProject(projectIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const part of chunks([...new Set(projectIds)])) {
      const rows = await this.db
        .selectFrom('clients')
        .select((eb) => ['project_id', eb.fn.countAll<number>().as('n')])
        .where('project_id', 'in', part)
        .groupBy('project_id')
        .execute();
      for (const r of rows) out.set(Number(r.project_id), Number(r.n));
    }
    return out;
  }

  /** The hourly series rows of these projects in a range (the data screen's trend, summed by the caller). */
  async hourlyAcross(projectIds: readonly number[], from: number, to: number): Promise<ProjectSeriesTable[]> {
    const out: ProjectSeriesTable[] = [];
    for (const part of chunks([...new Set(projectIds)])) {
      out.push(
        ...(await this.db
          .selectFrom('project_series_1h')
          .selectAll()
          .where('project_id', 'in', part)
          .where('bucket', '>=', from)
          .where('bucket', '<=', to)
          .where('kind', 'in', ['internet', 'client'])
          .execute()),
      );
    }
    return out;
  }
}
