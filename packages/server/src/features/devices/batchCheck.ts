/**
 * The per-device check every batch action on devices starts with (maintenance, backup, firmware):
 * each asked device as the rules see it — its snapshot in the project, the registry's status, the
 * live connection and whether a job of the named commands is still open — and the action's own
 * domain rule over that. A device not in the project (deleted, moved, never there) is 901.
 */
import { ERR, type ErrorCode, type MaintenanceContext, type MaintenanceTarget } from '@netloom/domain';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { CommandService } from '../commands';
import type { Devices } from './feature';
import type { DeviceSnapshot } from './snapshot';

export interface DeviceCheckDeps {
  devices: Pick<Devices, 'snapshotsOf'>;
  registry: Pick<DeviceRegistry, 'getById'>;
  gateway: Pick<DeviceGateway, 'isConnected'>;
  commands: Pick<CommandService, 'openOf'>;
}

/** One device's outcome: its snapshot (null when not in the project) and the rule's code (null = may). */
export interface DeviceCheck {
  deviceId: number;
  device: DeviceSnapshot | null;
  code: ErrorCode | null;
}

/**
 * Checks `deviceIds` of `projectId` in the order asked: one read of the snapshots and one of the
 * open jobs named `busyCommands` for all, then `rule` per device (its context's `jobOpen` is
 * whether such a job is open).
 */
export async function checkDevices(
  deps: DeviceCheckDeps,
  projectId: number,
  deviceIds: readonly number[],
  busyCommands: readonly string[],
  rule: (target: MaintenanceTarget, context: Required<MaintenanceContext>) => ErrorCode | null,
): Promise<DeviceCheck[]> {
  const { devices, registry, gateway, commands } = deps;
  const snapshots = new Map(
    (await devices.snapshotsOf(deviceIds))
      .filter((d) => d.projectId === projectId)
      .map((d) => [d.deviceId, d]),
  );
  const busy = new Set((await commands.openOf([...snapshots.keys()], busyCommands)).map((r) => r.device_id));
  return deviceIds.map((deviceId) => {
    const device = snapshots.get(deviceId) ?? null;
    const entry = registry.getById(deviceId);
    if (!device || !entry || entry.projectId !== projectId)
      return { deviceId, device: null, code: ERR.DEVICE_NOT_FOUND };
    const code = rule(
      {
        type: device.type,
        model: device.modelName,
        status: entry.status,
        managementMode: device.managementMode,
        meshRole: device.meshRole,
      },
      { connected: gateway.isConnected(device.sn), jobOpen: busy.has(deviceId) },
    );
    return { deviceId, device, code };
  });
}
