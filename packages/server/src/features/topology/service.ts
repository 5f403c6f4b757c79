import {
  DEFAULT_VLAN_ID,
  defaultSwitchSettings,
  ERR,
  findModel,
  type ProjectDocuments,
  savedNetwork,
  switchVlanPortsOf,
  TOPOLOGY_MANUAL_MAX_NODES,
  type Topology,
  type TopologyManualCreate,
  type TopologyManualUpdate,
  type TopologyPortVlans,
} from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { buildTopology } from './graph';
import type { ManualChanges, TopologyDeviceRow, TopologyStore } from './store';

/** The name of VLAN 1 in the VLAN picker (the network settings list only the VLANs added to it). */
export const DEFAULT_VLAN_NAME = 'Default';

/** What the topology asks of the configuration engine: the project's saved documents. */
export interface TopologyConfig {
  documents(projectId: number): Promise<ProjectDocuments>;
}

/**
 * The topology of a project: one read of its devices, its manual nodes and its saved settings
 * documents, the graph built in memory; and the manual nodes' changes.
 */
export class TopologyService {
  constructor(
    private readonly store: TopologyStore,
    private readonly config: TopologyConfig,
    private readonly clock: Clock,
  ) {}

  async graph(projectId: number): Promise<Topology> {
    const [rows, manual, docs] = await Promise.all([
      this.store.devicesOf(projectId),
      this.store.manualOf(projectId),
      this.config.documents(projectId),
    ]);
    const network = savedNetwork(docs);
    const vlans = [
      { id: DEFAULT_VLAN_ID, name: DEFAULT_VLAN_NAME },
      ...(network?.vlans ?? [])
        .filter((v) => v.id !== DEFAULT_VLAN_ID)
        .map((v) => ({ id: v.id, name: v.name })),
    ];
    return buildTopology(rows, { manual, portVlans: switchPortVlans(rows, docs), vlans });
  }

  async addManual(projectId: number, body: TopologyManualCreate): Promise<Topology> {
    if ((await this.store.countManual(projectId)) >= TOPOLOGY_MANUAL_MAX_NODES) {
      throw new AppError(ERR.TOPOLOGY_MANUAL_LIMIT, 409);
    }
    const parentId = Number(body.parent.slice(1));
    const port = body.port?.trim() ? body.port.trim() : null;
    let parentDeviceId: number | null = null;
    let parentManualId: number | null = null;
    if (body.parent.startsWith('d')) {
      const devices = await this.store.devicesOf(projectId);
      if (!devices.some((d) => d.id === parentId)) throw new AppError(ERR.TOPOLOGY_PARENT_UNKNOWN, 404);
      // Under a managed device the port says where it is plugged in, and lets a real device replace it.
      if (port === null) throw new AppError(ERR.TOPOLOGY_PARENT_PORT, 400);
      parentDeviceId = parentId;
    } else {
      const manual = await this.store.manualOf(projectId);
      if (!manual.some((m) => m.id === parentId)) throw new AppError(ERR.TOPOLOGY_PARENT_UNKNOWN, 404);
      parentManualId = parentId;
    }
    await this.store.insertManual({
      projectId,
      parentDeviceId,
      parentManualId,
      port,
      kind: body.kind,
      name: body.name,
      model: body.model ?? '',
      remark: body.remark ?? '',
      now: this.clock.now(),
    });
    return this.graph(projectId);
  }

  async updateManual(projectId: number, id: number, body: TopologyManualUpdate): Promise<Topology> {
    const changes: ManualChanges = {};
    if (body.kind !== undefined) changes.kind = body.kind;
    if (body.name !== undefined) changes.name = body.name;
    if (body.model !== undefined) changes.model = body.model;
    if (body.remark !== undefined) changes.remark = body.remark;
    if (body.dx !== undefined) changes.dx = body.dx;
    if (body.dy !== undefined) changes.dy = body.dy;
    if (!(await this.store.updateManual(projectId, id, changes, this.clock.now()))) {
      throw new AppError(ERR.NOT_EXIST, 404);
    }
    return this.graph(projectId);
  }

  async removeManual(projectId: number, id: number): Promise<Record<string, never>> {
    if (!(await this.store.removeManual(projectId, id))) throw new AppError(ERR.NOT_EXIST, 404);
    return {};
  }
}

/**
 * The VLAN membership of every switch's ports as the configuration engine's desired state has it:
 * the saved `switching` document (port profiles resolved), else the model's factory settings
 * (every port access in VLAN 1). Devices other than switches are not split by VLAN.
 */
function switchPortVlans(
  rows: readonly TopologyDeviceRow[],
  docs: ProjectDocuments,
): Map<number, TopologyPortVlans[]> {
  const switches = rows.filter((r) => r.type === 'switch');
  const saved = new Map(
    switchVlanPortsOf(
      docs,
      switches.map((r) => ({ deviceId: r.id, name: r.name })),
    ).map((s) => [s.deviceId, s.ports]),
  );
  const out = new Map<number, TopologyPortVlans[]>();
  for (const r of switches) {
    const ports = saved.get(r.id);
    if (ports) {
      out.set(
        r.id,
        ports.map((p) => ({ port: p.id, untagged: p.untagged, tagged: p.tagged })),
      );
      continue;
    }
    const model = r.model === null ? undefined : findModel(r.model);
    if (model) {
      out.set(
        r.id,
        defaultSwitchSettings(model).ports.map((p) => ({
          port: p.id,
          untagged: p.untagged,
          tagged: p.tagged,
        })),
      );
    }
  }
  return out;
}
