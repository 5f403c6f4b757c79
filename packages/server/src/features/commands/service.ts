import { randomBytes } from 'node:crypto';
import { type CommandJob, type CommandJobStatus, ERR } from '@netloom/domain';
import type { Logger } from 'pino';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway, UpContext, UpData } from '../../gateway/types';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { LiveBus } from '../../live/bus';
import type { CommandRow, CommandStore } from './store';

export type { CommandRow } from './store';

/** How long a job stays wanted when the caller gives no TTL (then it expires: device never ran it). */
export const DEFAULT_COMMAND_TTL_MS = 5 * 60_000;
export const MAX_COMMAND_TTL_MS = 24 * 3_600_000;
/** Device ids per `openOf` statement (bound parameters stay well under SQLite's limit). */
const OPEN_QUERY_CHUNK = 500;
/** How often open jobs are checked for expiry. */
const EXPIRY_TICK_MS = 1000;

export interface CreateCommandInput {
  deviceId: number;
  projectId: number;
  /** Who asked (null for system jobs). */
  accountId: number | null;
  /** Protocol command name, e.g. `reboot` (docs/protocol.md §7.2). */
  name: string;
  args?: Record<string, unknown>;
  ttlMs?: number;
  /**
   * Runs once the command is stored and before it is sent: what must be written before the device
   * can answer (the system log's "requested" row, so its result never lands ahead of it).
   */
  beforeSend?: (row: CommandRow) => Promise<void>;
}

type FinishedHandler = (cmd: CommandRow) => void | Promise<void>;

export interface CommandJobsDeps {
  store: CommandStore;
  gateway: Pick<DeviceGateway, 'publish' | 'isConnected'>;
  bus: Pick<LiveBus, 'publish'>;
  registry: Pick<DeviceRegistry, 'getById'>;
  clock: Clock;
  logger: Logger;
  /** Several nodes share the jobs table (external broker): open jobs may exist only in the table. */
  sharedJobs?: boolean;
}

/**
 * Command jobs (docs/protocol.md §7.2): a row in `commands` per job (so jobs survive restarts), sent
 * to the device as a `command` message, sent again (same id: the device executes an id once) when
 * the device says `hello` while the job is open, advanced by `progress`, finished by `reply`
 * (done, or failed with a §8 code) and expired by a timer. Every change is a `command.updated`
 * live event; features react to the end of a job with `onFinished(name, fn)`. Its device handlers
 * (`reply`, `progress`, `hello`) are registered by the commands feature.
 */
export class CommandJobs {
  private readonly finished = new Map<string, FinishedHandler[]>();
  /**
   * Open job id → expiry and device, so the timer touches SQL only when something expires and a
   * reconnect storm (every device says hello) does not cost one query per device.
   */
  private readonly open = new Map<string, { expiresAt: number; deviceId: number }>();
  private timer: NodeJS.Timeout | null = null;
  private expiring = false;

  constructor(private readonly deps: CommandJobsDeps) {}

  async start(): Promise<void> {
    for (const j of await this.deps.store.allOpen()) {
      this.open.set(j.id, { expiresAt: j.expires_at, deviceId: j.device_id });
    }
    this.timer = setInterval(() => void this.expireDue(), EXPIRY_TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Features call this for what to do when a job of `name` ends (done, failed or expired). */
  onFinished(name: string, fn: FinishedHandler): void {
    const list = this.finished.get(name) ?? [];
    list.push(fn);
    this.finished.set(name, list);
  }

  get(id: string): Promise<CommandRow | undefined> {
    return this.deps.store.get(id);
  }

  /** Open (pending or sent, not expired) jobs of these devices with one of these names. */
  async openOf(deviceIds: readonly number[], names: readonly string[]): Promise<CommandRow[]> {
    const now = this.deps.clock.now();
    const rows: CommandRow[] = [];
    for (let i = 0; i < deviceIds.length; i += OPEN_QUERY_CHUNK) {
      rows.push(...(await this.deps.store.openOf(deviceIds.slice(i, i + OPEN_QUERY_CHUNK), names)));
    }
    return rows.filter((r) => r.expires_at > now);
  }

  /** A project's jobs named `name` created since `since` (epoch ms), oldest first. */
  recentOf(projectId: number, name: string, since: number): Promise<CommandRow[]> {
    return this.deps.store.recentOf(projectId, name, since);
  }

  /**
   * Creates a job and sends it at once when the device is connected (otherwise it waits for the
   * device's next `hello`). The device must be claimed in `projectId`.
   */
  async create(input: CreateCommandInput): Promise<CommandRow> {
    const { registry, clock, store } = this.deps;
    const device = registry.getById(input.deviceId);
    if (!device || device.projectId !== input.projectId) throw new AppError(ERR.DEVICE_NOT_FOUND);
    if (!/^[a-z][A-Za-z0-9]{0,31}$/.test(input.name)) throw new AppError(ERR.INVALID_PARAMETERS);
    const ttl = Math.min(Math.max(input.ttlMs ?? DEFAULT_COMMAND_TTL_MS, 1000), MAX_COMMAND_TTL_MS);
    const now = clock.now();
    const row: CommandRow = {
      id: `cmd_${randomBytes(12).toString('base64url')}`,
      device_id: device.deviceId,
      project_id: device.projectId,
      account_id: input.accountId,
      name: input.name,
      args_json: JSON.stringify(input.args ?? {}),
      status: 'pending',
      stage: null,
      percent: null,
      result_code: null,
      result_message: null,
      created_at: now,
      expires_at: now + ttl,
      updated_at: now,
    };
    await store.insert(row);
    await input.beforeSend?.(row);
    this.open.set(row.id, { expiresAt: row.expires_at, deviceId: row.device_id });
    this.emit(row);
    if (this.deps.gateway.isConnected(device.sn)) return (await this.send(row, device.sn)) ?? row;
    return row;
  }

  private async send(row: CommandRow, sn: string): Promise<CommandRow | undefined> {
    const { gateway, store, clock, logger } = this.deps;
    try {
      await gateway.publish(sn, 'command', {
        id: row.id,
        name: row.name,
        args: JSON.parse(row.args_json) as Record<string, unknown>,
        expiresAt: row.expires_at,
      });
    } catch (err) {
      // Stays pending: the next hello resends it.
      logger.warn({ err, sn, command: row.id }, 'command publish failed');
      return undefined;
    }
    if (row.status === 'sent') return row;
    const updated = await store.transition(row.id, { status: 'sent', updated_at: clock.now() });
    if (updated) this.emit(updated);
    return updated;
  }

  /** `hello` comes after the device subscribed to its down topics (§4): the moment to resend. */
  async resendOpen(ctx: UpContext): Promise<void> {
    const device = ctx.device;
    if (!device) return;
    // Jobs created on other nodes (external broker) are only in the table: ask it then.
    if (!this.deps.sharedJobs && ![...this.open.values()].some((j) => j.deviceId === device.deviceId)) return;
    const now = this.deps.clock.now();
    for (const row of await this.deps.store.openOfDevice(device.deviceId)) {
      if (row.expires_at > now) await this.send(row, ctx.sn);
    }
  }

  async handleReply(ctx: UpContext, data: UpData<'reply'>): Promise<void> {
    const row = await this.ownJob(ctx, data.id);
    if (!row) return;
    const updated = await this.deps.store.transition(row.id, {
      status: data.ok ? 'done' : 'failed',
      result_code: data.ok ? null : (data.code ?? null),
      result_message: data.message ?? null,
      percent: data.ok ? 100 : row.percent,
      updated_at: ctx.at,
    });
    if (updated) await this.finish(updated);
  }

  async handleProgress(ctx: UpContext, data: UpData<'progress'>): Promise<void> {
    const row = await this.ownJob(ctx, data.id);
    if (!row) return;
    const updated = await this.deps.store.transition(row.id, {
      status: 'sent',
      stage: data.stage,
      percent: Math.round(data.percent),
      updated_at: ctx.at,
    });
    if (updated) this.emit(updated);
  }

  /** The job a device's reply/progress names, if it is that device's (a device cannot touch others'). */
  private async ownJob(ctx: UpContext, id: string): Promise<CommandRow | undefined> {
    // Read from the table, not `open`: on an external broker another node may have created the job.
    if (!ctx.device) return undefined;
    const row = await this.deps.store.get(id);
    return row && row.device_id === ctx.device.deviceId ? row : undefined;
  }

  private async expireDue(): Promise<void> {
    if (this.expiring) return;
    this.expiring = true;
    try {
      const now = this.deps.clock.now();
      for (const [id, { expiresAt }] of [...this.open]) {
        if (expiresAt > now) continue;
        const updated = await this.deps.store.transition(id, { status: 'expired', updated_at: now });
        if (updated) await this.finish(updated);
        else this.open.delete(id);
      }
    } catch (err) {
      this.deps.logger.error({ err }, 'command expiry failed');
    } finally {
      this.expiring = false;
    }
  }

  /** Runs the expiry check now (tests; the timer does it every second). */
  expireNow(): Promise<void> {
    return this.expireDue();
  }

  private async finish(row: CommandRow): Promise<void> {
    this.open.delete(row.id);
    this.emit(row);
    for (const fn of this.finished.get(row.name) ?? []) {
      try {
        await fn(row);
      } catch (err) {
        this.deps.logger.error({ err, command: row.id }, 'command finished handler failed');
      }
    }
  }

  private emit(row: CommandRow): void {
    this.deps.bus.publish({
      type: 'command.updated',
      projectId: row.project_id,
      deviceId: row.device_id,
      commandId: row.id,
      name: row.name,
      status: row.status as CommandJobStatus,
      ...(row.stage !== null ? { stage: row.stage } : {}),
      ...(row.percent !== null ? { percent: row.percent } : {}),
      ...(row.result_code !== null ? { code: row.result_code } : {}),
    });
  }
}

/** The API shape of a job. */
export function toCommandJob(row: CommandRow): CommandJob {
  return {
    id: row.id,
    deviceId: row.device_id,
    name: row.name,
    status: row.status as CommandJobStatus,
    stage: row.stage,
    percent: row.percent,
    code: row.result_code,
    message: row.result_message,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    updatedAt: row.updated_at,
  };
}
