// A read model over the devices rows (see docs/architecture.md "Data ownership"): it never writes them.
import type { Db } from '../../db';

/** What the topology needs of one device row. */
export interface TopologyDeviceRow {
  id: number;
  sn: string;
  type: string;
  name: string;
  model: string | null;
  status: number;
  clients: number | null;
  mesh_role: number | null;
  uplink_sn: string | null;
  uplink_port: string | null;
  uplink_kind: string | null;
  /** The latest full `state` (ports with their link and speed); parsed only for parents. */
  state_json: string | null;
}

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
}
