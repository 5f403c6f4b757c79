import { type CommandJob, ERR, MANAGEMENT_MODES, modelHas, type RouteTable } from '@netloom/domain';
import { routeTableResultSchema } from '@netloom/protocol';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import { type CommandService, toCommandJob } from '../commands/service';
import type { ProjectAccess } from '../projects/access';
import { type FactsSource, projectDevices } from './facts';
import { takesNetwork } from './render';
import type { CommandReplies } from './replies';
import type { ConfigService } from './service';
import type { ConfigStore } from './store';

/** How long the route table waits for the gateway's reply. */
export const ROUTE_TABLE_TIMEOUT_MS = 10_000;

/**
 * Immediate device actions of the configuration pages, sent as command jobs: reading the gateway's
 * routing table (waits for the reply) and power-cycling one PoE port (returns the job; its stages
 * follow as `command.updated` events).
 */
export class ConfigActions {
  constructor(
    private readonly deps: {
      commands: CommandService;
      replies: CommandReplies;
      facts: FactsSource;
      store: ConfigStore;
      service: ConfigService;
      clock: Clock;
    },
  ) {}

  async routeTable(access: ProjectAccess): Promise<RouteTable> {
    const devices = await projectDevices(this.deps.facts, access.projectId);
    const gw = devices.find((d) => takesNetwork(d, devices));
    if (!gw) throw new AppError(ERR.NOT_EXIST);
    if (!gw.online) throw new AppError(ERR.DEVICE_OFFLINE);
    if (gw.managementMode === MANAGEMENT_MODES.LOCAL) throw new AppError(ERR.LOCAL_MODE_UNSUPPORTED);
    if (gw.model && !modelHas(gw.model, 'routeTable')) throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
    const result = await this.deps.replies.request(
      {
        deviceId: gw.deviceId,
        projectId: access.projectId,
        accountId: access.accountId,
        name: 'routeTable',
      },
      ROUTE_TABLE_TIMEOUT_MS,
      ERR.DEVICE_OFFLINE_ALT,
    );
    const parsed = routeTableResultSchema.safeParse(result);
    if (!parsed.success) throw new AppError(ERR.CONFIG_FAILED);
    return { deviceId: gw.deviceId, readAt: this.deps.clock.now(), entries: parsed.data.routes };
  }

  async poeReboot(access: ProjectAccess, deviceId: number, portId: number): Promise<CommandJob> {
    const devices = await projectDevices(this.deps.facts, access.projectId);
    const device = devices.find((d) => d.deviceId === deviceId);
    if (!device) throw new AppError(ERR.DEVICE_NOT_FOUND);
    if (device.managementMode === MANAGEMENT_MODES.LOCAL) throw new AppError(ERR.LOCAL_MODE_UNSUPPORTED);
    const port = device.model?.ports.find((p) => p.id === portId);
    if (device.model && !modelHas(device.model, 'poeReboot'))
      throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
    if (port?.poe !== 'out') throw invalidField('portId', 'This port does not deliver PoE.');
    if (!device.online) throw new AppError(ERR.DEVICE_OFFLINE);
    const row = await this.deps.commands.create({
      deviceId,
      projectId: access.projectId,
      accountId: access.accountId,
      name: 'poeReboot',
      args: { port: portId },
      ttlMs: 60_000,
    });
    await this.deps.service.audit(this.deps.store.db, access, device, 'port.poeReboot', {
      summary: `PoE reboot of port ${port.label}`,
      at: this.deps.clock.now(),
    });
    return toCommandJob(row);
  }
}
