import { type DeviceModel, findModel, type KindDevice, type MeshNodeType } from '@netloom/domain';
import type { FullStateMessage, PortState, RadioState, WanState } from '@netloom/protocol';
import type { Db } from '../../db';
import type { DeviceGateway } from '../../gateway/types';
import type { HotDevice } from '../devices';

/**
 * What the engine needs to know of a device to render, check and deliver its configuration (the
 * settings kinds read it as a domain `KindDevice`).
 */
export interface DeviceFacts extends KindDevice {
  deviceId: number;
  projectId: number;
  sn: string;
  name: string;
  /** The device type (a model kind: `switch`, `v7`, `mesh`…). */
  type: string;
  modelName: string | null;
  model: DeviceModel | null;
  firmware: string | null;
  meshRole: MeshNodeType | null;
  /** Cloud 1 / local 2 (null = never reported: cloud). */
  managementMode: number | null;
  /** Live port states from the latest full `state` (empty when never reported). */
  ports: PortState[];
  /** Routers: each WAN port's link and current address, from the latest full `state`. */
  wan: WanState[];
  /** This device's own port its wired uplink leaves from (`state.uplink.localPort`), when reported. */
  uplinkPort: number | null;
  /** Wi-Fi devices: what each radio runs now, from the latest full `state` (empty when never reported). */
  radios: RadioState[];
  /** CPE bridges: work mode and bridge link from the latest full `state`. */
  cpe: FullStateMessage['cpe'] | null;
  online: boolean;
}

export interface FactsSource {
  db: Db;
  gateway: Pick<DeviceGateway, 'isConnected'>;
  hot: { get(sn: string): HotDevice | undefined };
}

type DeviceColumns = {
  id: number;
  project_id: number;
  sn: string;
  name: string;
  type: string;
  model: string | null;
  firmware_version: string | null;
  mesh_role: number | null;
  management_mode: number | null;
  uplink_port: string | null;
  state_json: string | null;
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
  'uplink_port',
  'state_json',
] as const;

/**
 * Device facts from the `devices` row, overlaid with this node's hot state (the row is written by a
 * batched writer, so a `hello` a moment ago may not be in it yet).
 */
export function toFacts(r: DeviceColumns, src: FactsSource): DeviceFacts {
  const hot = src.hot.get(r.sn);
  const modelName = hot?.hello?.model ?? r.model;
  const state = hot?.state;
  let ports: PortState[] = state?.ports ?? [];
  let wan: WanState[] = state?.wan ?? [];
  let uplink: number | null = state?.uplink?.localPort ?? null;
  let radios: RadioState[] = state?.radios ?? [];
  let cpe: FullStateMessage['cpe'] | null = state?.cpe ?? null;
  if (!state && r.state_json) {
    try {
      const saved = JSON.parse(r.state_json) as {
        ports?: PortState[];
        wan?: WanState[];
        uplink?: { localPort?: number } | null;
        radios?: RadioState[];
        cpe?: FullStateMessage['cpe'];
      };
      ports = saved.ports ?? [];
      wan = saved.wan ?? [];
      uplink = saved.uplink?.localPort ?? null;
      radios = saved.radios ?? [];
      cpe = saved.cpe ?? null;
    } catch {
      ports = [];
    }
  }
  return {
    deviceId: r.id,
    projectId: r.project_id,
    sn: r.sn,
    name: r.name,
    type: r.type,
    modelName,
    model: modelName ? (findModel(modelName) ?? null) : null,
    firmware: hot?.hello?.firmwareVersion ?? r.firmware_version,
    meshRole: ((state ? state.meshRole : r.mesh_role) ?? null) as MeshNodeType | null,
    managementMode: (state ? state.managementMode : r.management_mode) ?? null,
    ports,
    wan,
    uplinkPort: uplink !== null && Number.isFinite(uplink) ? uplink : null,
    radios,
    cpe,
    online: src.gateway.isConnected(r.sn),
  };
}

export async function projectDevices(src: FactsSource, projectId: number): Promise<DeviceFacts[]> {
  const rows = await src.db
    .selectFrom('devices')
    .select(COLUMNS)
    .where('project_id', '=', projectId)
    .execute();
  return rows.map((r) => toFacts(r, src));
}

export async function devicesByIds(src: FactsSource, ids: readonly number[]): Promise<DeviceFacts[]> {
  if (ids.length === 0) return [];
  const rows = await src.db.selectFrom('devices').select(COLUMNS).where('id', 'in', ids).execute();
  return rows.map((r) => toFacts(r, src));
}
