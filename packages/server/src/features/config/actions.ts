import {
  type CommandJob,
  ERR,
  type ErrorCode,
  MANAGEMENT_MODES,
  modelHas,
  type RouteTable,
} from '@netloom/domain';
import { routeTableResultSchema } from '@netloom/protocol';
import type { DeviceGateway } from '../../gateway/types';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import { type CommandService, toCommandJob } from '../commands/service';
import type { ProjectAccess } from '../projects/access';
import { type FactsSource, projectDevices } from './facts';
import { takesNetwork } from './render';
import type { ConfigService } from './service';
import type { ConfigStore } from './store';

/** How long the route table waits for the gateway's reply. */
export const ROUTE_TABLE_TIMEOUT_MS = 10_000;

const EARLY_REPLIES = 256;

function settle(w: Waiter, d: { ok: boolean; code?: number | undefined; result?: unknown }): void {
  if (d.ok) w.resolve(d.result ?? {});
  else w.reject(new AppError((d.code ?? ERR.CONFIG_FAILED) as ErrorCode));
}

interface Waiter {
  resolve: (result: unknown) => void;
  reject: (err: AppError) => void;
}

/**
 * Immediate device actions of the configuration pages, sent as command jobs: reading the gateway's
 * routing table (waits for the reply) and power-cycling one PoE port (returns the job; its stages
 * follow as `command.updated` events).
 */
export class ConfigActions {
  private readonly waiting = new Map<string, Waiter>();
  /** Replies nobody waited for yet (a fast device can answer before `create` returns), bounded. */
  private readonly early = new Map<string, { ok: boolean; code?: number | undefined; result?: unknown }>();

  constructor(
    private readonly deps: {
      commands: CommandService;
      gateway: DeviceGateway;
      facts: FactsSource;
      store: ConfigStore;
      service: ConfigService;
      clock: Clock;
    },
  ) {}

  /** Subscribes to replies (the job row keeps code and message; the route table needs `result`). */
  attach(): void {
    this.deps.gateway.onMessage('reply', (ctx, d) => {
      if (!ctx.device) return;
      const w = this.waiting.get(d.id);
      if (!w) {
        this.early.set(d.id, { ok: d.ok, code: d.code, result: d.result });
        if (this.early.size > EARLY_REPLIES) this.early.delete(this.early.keys().next().value as string);
        return;
      }
      this.waiting.delete(d.id);
      settle(w, d);
    });
  }

  private wait(id: string, w: Waiter): void {
    const early = this.early.get(id);
    if (!early) {
      this.waiting.set(id, w);
      return;
    }
    this.early.delete(id);
    settle(w, early);
  }

  async routeTable(access: ProjectAccess): Promise<RouteTable> {
    const devices = await projectDevices(this.deps.facts, access.projectId);
    const gw = devices.find((d) => takesNetwork(d, devices));
    if (!gw) throw new AppError(ERR.NOT_EXIST);
    if (!gw.online) throw new AppError(ERR.DEVICE_OFFLINE);
    if (gw.managementMode === MANAGEMENT_MODES.LOCAL) throw new AppError(ERR.LOCAL_MODE_UNSUPPORTED);
    if (gw.model && !modelHas(gw.model, 'routeTable')) throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
    let job: { id: string } | undefined;
    const result = await new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (job) this.waiting.delete(job.id);
        reject(new AppError(ERR.DEVICE_OFFLINE_ALT));
      }, ROUTE_TABLE_TIMEOUT_MS);
      const done = {
        resolve: (v: unknown) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e: AppError) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.deps.commands
        .create({
          deviceId: gw.deviceId,
          projectId: access.projectId,
          accountId: access.accountId,
          name: 'routeTable',
          ttlMs: ROUTE_TABLE_TIMEOUT_MS,
        })
        .then((row) => {
          job = row;
          this.wait(row.id, done);
        }, done.reject);
    });
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
