import { type DeviceModel, findModel, type KindDevice, type MeshNodeType } from '@netloom/domain';
import type { PortState, WanState } from '@netloom/protocol';
import type { DeviceGateway } from '../../gateway/types';
import type { DeviceSnapshot, Devices } from '../devices';

/**
 * What the engine needs to know of a device to render, check and deliver its configuration (the
 * settings kinds read it as a domain `KindDevice`): the devices feature's snapshot of it (its row
 * overlaid with the hot state, `devices.snapshots`), its model and whether it is connected.
 */
export interface DeviceFacts extends Omit<DeviceSnapshot, 'meshRole'>, KindDevice {
  model: DeviceModel | null;
  meshRole: MeshNodeType | null;
  /** Connected to the broker now. */
  online: boolean;
  ports: PortState[];
  wan: WanState[];
}

/** Where the engine learns about devices: the devices feature, and the device plane for who is connected. */
export interface FactsSource {
  devices: Pick<Devices, 'snapshots' | 'snapshotsOf'>;
  gateway: Pick<DeviceGateway, 'isConnected'>;
}

/** A device's facts: what the devices feature knows of it, its model's capabilities, and whether it is connected. */
export function toFacts(d: DeviceSnapshot, src: Pick<FactsSource, 'gateway'>): DeviceFacts {
  return {
    ...d,
    model: d.modelName ? (findModel(d.modelName) ?? null) : null,
    meshRole: d.meshRole as MeshNodeType | null,
    online: src.gateway.isConnected(d.sn),
  };
}

export async function projectDevices(src: FactsSource, projectId: number): Promise<DeviceFacts[]> {
  return (await src.devices.snapshots(projectId)).map((d) => toFacts(d, src));
}

export async function devicesByIds(src: FactsSource, ids: readonly number[]): Promise<DeviceFacts[]> {
  if (ids.length === 0) return [];
  return (await src.devices.snapshotsOf(ids)).map((d) => toFacts(d, src));
}
