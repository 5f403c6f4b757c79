/**
 * Power-cycling one PoE port: a `poeReboot` command job (its stages follow as `command.updated`
 * events) and an audit row.
 */
import { type CommandJob, ERR, MANAGEMENT_MODES, modelHas } from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import { type CommandService, toCommandJob } from '../commands';
import type { ConfigApi } from '../config';

/** How long a PoE reboot job waits for an offline-in-between device before it expires. */
const POE_REBOOT_TTL_MS = 60_000;

export interface PoeRebootDeps {
  config: ConfigApi;
  commands: Pick<CommandService, 'create'>;
  clock: Clock;
}

/** 901 not in the project, 76 local mode, 913 unsupported, 400 a port without PoE, 36 offline. */
export async function poeReboot(
  deps: PoeRebootDeps,
  access: ProjectAccess,
  deviceId: number,
  portId: number,
): Promise<CommandJob> {
  const devices = await deps.config.devices(access.projectId);
  const device = devices.find((d) => d.deviceId === deviceId);
  if (!device) throw new AppError(ERR.DEVICE_NOT_FOUND);
  if (device.managementMode === MANAGEMENT_MODES.LOCAL) throw new AppError(ERR.LOCAL_MODE_UNSUPPORTED);
  const port = device.model?.ports.find((p) => p.id === portId);
  if (device.model && !modelHas(device.model, 'poeReboot'))
    throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
  if (port?.poe !== 'out') throw invalidField('portId', 'This port does not deliver PoE.');
  if (!device.online) throw new AppError(ERR.DEVICE_OFFLINE);
  const row = await deps.commands.create({
    deviceId,
    projectId: access.projectId,
    accountId: access.accountId,
    name: 'poeReboot',
    args: { port: portId },
    ttlMs: POE_REBOOT_TTL_MS,
  });
  await deps.config.audit(access, device, 'port.poeReboot', {
    summary: `PoE reboot of port ${port.label}`,
    at: deps.clock.now(),
  });
  return toCommandJob(row);
}
