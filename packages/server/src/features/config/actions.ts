import {
  type CommandJob,
  ERR,
  MANAGEMENT_MODES,
  modelHas,
  type RetryDeliveryResult,
  type RouteTable,
} from '@netloom/domain';
import { routeTableResultSchema } from '@netloom/protocol';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import { type CommandService, toCommandJob } from '../commands';
import type { ConfigEngine } from './engine';
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
      engine: ConfigEngine;
      clock: Clock;
    },
  ) {}

  /**
   * "Retry delivery" for chosen devices: online ones get their settings again now (failed ones as a
   * new version). Offline ones are left as they are and listed: 407 with the result as `data`, as an
   * immediate action cannot reach them (901 when a device is not in the project).
   */
  async retryDelivery(access: ProjectAccess, deviceIds: readonly number[]): Promise<RetryDeliveryResult> {
    const devices = await projectDevices(this.deps.facts, access.projectId);
    const chosen = [...new Set(deviceIds)].map((id) => devices.find((d) => d.deviceId === id));
    if (chosen.some((d) => d === undefined)) throw new AppError(ERR.DEVICE_NOT_FOUND);
    const picked = chosen.flatMap((d) => (d ? [d] : []));
    const online = picked.filter((d) => d.online);
    const rows = (
      await this.deps.store.deviceConfigs(
        this.deps.store.db,
        online.map((d) => d.deviceId),
      )
    ).filter((r) => r.project_id === access.projectId);
    const sent = await this.deps.engine.retry(rows, this.deps.clock.now());
    const version = new Map(sent.map((r) => [r.device_id, r.desired_version]));
    const ref = (d: { deviceId: number; name: string }) => ({ deviceId: d.deviceId, name: d.name });
    const result: RetryDeliveryResult = {
      retried: online.flatMap((d) => {
        const v = version.get(d.deviceId);
        return v === undefined ? [] : [{ ...ref(d), version: v }];
      }),
      unchanged: online.filter((d) => !version.has(d.deviceId)).map(ref),
      offline: picked.filter((d) => !d.online).map(ref),
    };
    if (result.offline.length > 0) {
      throw new AppError(
        ERR.SOME_DEVICES_OFFLINE,
        400,
        result.offline.map((d) => ({
          path: `deviceIds.${deviceIds.indexOf(d.deviceId)}`,
          message: `${d.name} is offline: retry once it is back online.`,
        })),
        result,
      );
    }
    return result;
  }

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
