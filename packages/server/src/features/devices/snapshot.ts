import type { FullStateMessage, PortState, RadioState, WanState } from '@netloom/protocol';
import type { Db } from '../../db';
import { type HotDevice, type StateDocument, stateOf } from './device';

/**
 * A claimed device as the devices feature knows it now: its `devices` row overlaid with this node's
 * hot state (the row is written by a batched writer, so a `hello` a moment ago may not be in it
 * yet). What the configuration engine renders, checks and delivers from.
 */
export interface DeviceSnapshot {
  deviceId: number;
  projectId: number;
  sn: string;
  name: string;
  /** The device type (a model kind: `switch`, `v7`, `mesh`…). */
  type: string;
  /** The model it said at `hello`, else the row's. */
  modelName: string | null;
  firmware: string | null;
  meshRole: number | null;
  /** Cloud 1 / local 2 (null = never reported: cloud). */
  managementMode: number | null;
  /** Live port states from the latest full `state` (empty when never reported). */
  ports: PortState[];
  /** Routers: each WAN port's link and current address, from the latest full `state`. */
  wan: WanState[];
  /** This device's own port its wired uplink leaves from (`state.uplink.localPort`), when reported. */
  uplinkPort: number | null;
  /** The managed device above it and the port of that device it is plugged into (`state.uplink.sn`/`port`). */
  uplinkParent: { sn: string; port: number | null } | null;
  /** Wi-Fi devices: what each radio runs now, from the latest full `state` (empty when never reported). */
  radios: RadioState[];
  /** CPE bridges: work mode and bridge link from the latest full `state`. */
  cpe: FullStateMessage['cpe'] | null;
  /**
   * When the device took its current status (epoch ms, the row's: written promptly on every change,
   * so every node reads the same): for an online device, since when it has been online (§9's
   * one-hour rule of scheduled reboots).
   */
  statusChangedAt: number | null;
  /** NVRs: the disks from the latest full `state` (empty when never reported). */
  disks: NonNullable<FullStateMessage['disks']>;
}

type SnapshotColumns = {
  id: number;
  project_id: number;
  sn: string;
  name: string;
  type: string;
  model: string | null;
  firmware_version: string | null;
  mesh_role: number | null;
  management_mode: number | null;
  uplink_sn: string | null;
  uplink_port: string | null;
  state_json: string | null;
  status_changed_at: number | null;
};

const COLUMNS = [
  'id',
  'project_id',
  'sn',
  'name',
  'type',
  'model',
  'firmware_version',
  'mesh_role',
  'management_mode',
  'uplink_sn',
  'uplink_port',
  'state_json',
  'status_changed_at',
] as const;

type Hot = { get(sn: string): HotDevice | undefined };

function toSnapshot(r: SnapshotColumns, hotState: Hot): DeviceSnapshot {
  const hot = hotState.get(r.sn);
  const state = stateOf(hot);
  let ports: PortState[] = state?.ports ?? [];
  let wan: WanState[] = state?.wan ?? [];
  let uplink: number | null = state?.uplink?.localPort ?? null;
  let radios: RadioState[] = state?.radios ?? [];
  let cpe: FullStateMessage['cpe'] | null = state?.cpe ?? null;
  let disks: DeviceSnapshot['disks'] = state?.disks ?? [];
  if (!state && r.state_json) {
    try {
      const saved = JSON.parse(r.state_json) as {
        ports?: PortState[];
        wan?: WanState[];
        uplink?: { localPort?: number } | null;
        radios?: RadioState[];
        cpe?: FullStateMessage['cpe'];
        disks?: DeviceSnapshot['disks'];
      };
      ports = saved.ports ?? [];
      wan = saved.wan ?? [];
      uplink = saved.uplink?.localPort ?? null;
      radios = saved.radios ?? [];
      cpe = saved.cpe ?? null;
      disks = saved.disks ?? [];
    } catch {
      ports = [];
    }
  }
  return {
    uplinkParent: parentOf(state, r),
    deviceId: r.id,
    projectId: r.project_id,
    sn: r.sn,
    name: r.name,
    type: r.type,
    modelName: hot?.hello?.model ?? r.model,
    firmware: hot?.hello?.firmwareVersion ?? r.firmware_version,
    meshRole: (state ? state.meshRole : r.mesh_role) ?? null,
    managementMode: (state ? state.managementMode : r.management_mode) ?? null,
    ports,
    wan,
    uplinkPort: uplink !== null && Number.isFinite(uplink) ? uplink : null,
    radios,
    cpe,
    statusChangedAt: r.status_changed_at,
    disks,
  };
}

/** The uplink parent from the hot state, else from the row (what the last `state` said). */
function parentOf(state: StateDocument | undefined, r: SnapshotColumns): DeviceSnapshot['uplinkParent'] {
  if (state) return state.uplink?.sn ? { sn: state.uplink.sn, port: state.uplink.port ?? null } : null;
  if (!r.uplink_sn) return null;
  const port = r.uplink_port === null ? Number.NaN : Number(r.uplink_port);
  return { sn: r.uplink_sn, port: Number.isInteger(port) ? port : null };
}

/** The project's devices, each overlaid with this node's hot state. */
export async function projectSnapshots(db: Db, hot: Hot, projectId: number): Promise<DeviceSnapshot[]> {
  const rows = await db.selectFrom('devices').select(COLUMNS).where('project_id', '=', projectId).execute();
  return rows.map((r) => toSnapshot(r, hot));
}

/** These devices (those that exist), each overlaid with this node's hot state. */
export async function snapshotsByIds(db: Db, hot: Hot, ids: readonly number[]): Promise<DeviceSnapshot[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('devices').select(COLUMNS).where('id', 'in', ids).execute();
  return rows.map((r) => toSnapshot(r, hot));
}
