// The topology's SQL: a read model over the devices rows (see docs/architecture.md "Data ownership":
// it never writes them) and its own table of manual nodes, `topology_manual_nodes` (migration 0017).
import type { Db } from '../../db';

/** What the topology needs of one device row. */
export interface TopologyDeviceRow {
  id: number;
  sn: string;
  type: string;
  name: string;
  model: string | null;
  /** Optional: the graph rules are tested without it. */
  firmware_version?: string | null;
  status: number;
  clients: number | null;
  mesh_role: number | null;
  uplink_sn: string | null;
  uplink_port: string | null;
  uplink_kind: string | null;
  /** The latest full `state` (ports with their link and speed); parsed only for parents. */
  state_json: string | null;
}

/** One manually added node, as stored. */
export interface TopologyManualRow {
  id: number;
  parent_device_id: number | null;
  parent_manual_id: number | null;
  port: string | null;
  kind: string;
  name: string;
  model: string;
  remark: string;
  dx: number;
  dy: number;
}

export interface ManualInsert {
  projectId: number;
  parentDeviceId: number | null;
  parentManualId: number | null;
  port: string | null;
  kind: string;
  name: string;
  model: string;
  remark: string;
  now: number;
}

export type ManualChanges = Partial<
  Pick<TopologyManualRow, 'kind' | 'name' | 'model' | 'remark' | 'dx' | 'dy'>
>;

const MANUAL_COLUMNS = [
  'id',
  'parent_device_id',
  'parent_manual_id',
  'port',
  'kind',
  'name',
  'model',
  'remark',
  'dx',
  'dy',
] as const;

export class TopologyStore {
  constructor(private readonly db: Db) {}

  /** Every device of the project (indexed on project), in a stable order. */
  devicesOf(projectId: number): Promise<TopologyDeviceRow[]> {
    return this.db
      .selectFrom('devices')
      .select([
        'id',
        'sn',
        'type',
        'name',
        'model',
        'firmware_version',
        'status',
        'clients',
        'mesh_role',
        'uplink_sn',
        'uplink_port',
        'uplink_kind',
        'state_json',
      ])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
  }

  /** The project's manual nodes, oldest first. */
  async manualOf(projectId: number): Promise<TopologyManualRow[]> {
    const rows = await this.db
      .selectFrom('topology_manual_nodes')
      .select(MANUAL_COLUMNS)
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
    // PostgreSQL answers double precision as numbers already; SQLite too — Number() keeps both honest.
    return rows.map((r) => ({ ...r, dx: Number(r.dx), dy: Number(r.dy) }));
  }

  async countManual(projectId: number): Promise<number> {
    const row = await this.db
      .selectFrom('topology_manual_nodes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertManual(m: ManualInsert): Promise<number> {
    const row = await this.db
      .insertInto('topology_manual_nodes')
      .values({
        project_id: m.projectId,
        parent_device_id: m.parentDeviceId,
        parent_manual_id: m.parentManualId,
        port: m.port,
        kind: m.kind,
        name: m.name,
        model: m.model,
        remark: m.remark,
        created_at: m.now,
        updated_at: m.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Changes a manual node of the project; false when there is none with that id. */
  async updateManual(projectId: number, id: number, changes: ManualChanges, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('topology_manual_nodes')
      .set({ ...changes, updated_at: now })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Removes a manual node of the project and the manual nodes below it (collected here rather than
   * left to the foreign key's cascade, so SQLite without `foreign_keys` behaves the same).
   */
  async removeManual(projectId: number, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const all = await trx
        .selectFrom('topology_manual_nodes')
        .select(['id', 'parent_manual_id'])
        .where('project_id', '=', projectId)
        .execute();
      if (!all.some((r) => r.id === id)) return false;
      const doomed = new Set([id]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const r of all) {
          if (r.parent_manual_id !== null && doomed.has(r.parent_manual_id) && !doomed.has(r.id)) {
            doomed.add(r.id);
            grew = true;
          }
        }
      }
      await trx
        .deleteFrom('topology_manual_nodes')
        .where('project_id', '=', projectId)
        .where('id', 'in', [...doomed])
        .execute();
      return true;
    });
  }
}
