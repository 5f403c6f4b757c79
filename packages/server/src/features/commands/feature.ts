import type { ErrorCode } from '@netloom/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { LiveBus } from '../../live/bus';
import { CommandReplies } from './replies';
import { commandRoutes } from './routes';
import { CommandJobs, type CommandRow, type CreateCommandInput } from './service';
import { CommandStore } from './store';

/** What other features ask of command jobs (reboots, scans, client kicks…). */
export interface CommandService {
  /** Creates a job and sends it now if the device is connected (else at its next `hello`). */
  create(input: CreateCommandInput): Promise<CommandRow>;
  /**
   * Creates a job whose reply carries a result (route table, Wi-Fi scans) and waits for it: the
   * `result` (`{}` when none), or an AppError with the device's code (-99 when it gave none);
   * `timeoutCode` when no reply came within `timeoutMs` (also the job's TTL unless `input` names one).
   */
  request(input: CreateCommandInput, timeoutMs: number, timeoutCode: ErrorCode): Promise<unknown>;
  /** What to do when a job of `name` ends (done, failed or expired). */
  onFinished(name: string, fn: (cmd: CommandRow) => void | Promise<void>): void;
  get(id: string): Promise<CommandRow | undefined>;
  /** Open jobs of these devices named one of `names` (e.g. a reboot still under way: the busy rule). */
  openOf(deviceIds: readonly number[], names: readonly string[]): Promise<CommandRow[]>;
  /** A project's jobs named `name` created since `since` (epoch ms), oldest first (recent upgrades). */
  recentOf(projectId: number, name: string, since: number): Promise<CommandRow[]>;
  /** Runs the expiry check now (tests; a timer does it every second). */
  expireNow(): Promise<void>;
}

export interface CommandsDeps {
  db: Db;
  gateway: Pick<DeviceGateway, 'publish' | 'isConnected'>;
  bus: Pick<LiveBus, 'publish' | 'subscribe'>;
  registry: Pick<DeviceRegistry, 'getById'>;
  clock: Clock;
  logger: Logger;
  /** Several nodes share the jobs table (external broker): open jobs may exist only in the table. */
  sharedJobs: boolean;
}

export interface CommandsFeature extends Feature, CommandService {}

/**
 * Command jobs to devices (docs/protocol.md §7.2): rows that survive restarts, sent as `command`,
 * resent at `hello`, advanced by `progress`, finished by `reply` or expiry; and the callers waiting
 * for a reply's result (`request`). Its one route reads a job (domain `commandEndpoints`).
 */
export function createCommandsFeature(deps: CommandsDeps): CommandsFeature {
  const jobs = new CommandJobs({ ...deps, store: new CommandStore(deps.db) });
  const replies = new CommandReplies(jobs, deps.bus);
  return {
    name: 'commands',
    device: {
      // The job first (done or failed, `onFinished`), then the result to whoever waits for it.
      reply: [(ctx, data) => jobs.handleReply(ctx, data), replies.onReply],
      progress: (ctx, data) => jobs.handleProgress(ctx, data),
      hello: (ctx) => jobs.resendOpen(ctx),
    },
    routes: (app) => commandRoutes(app, { jobs }),
    start: () => jobs.start(),
    stop: () => jobs.stop(),
    create: (input) => jobs.create(input),
    request: (input, timeoutMs, timeoutCode) => replies.request(input, timeoutMs, timeoutCode),
    onFinished: (name, fn) => jobs.onFinished(name, fn),
    get: (id) => jobs.get(id),
    openOf: (deviceIds, names) => jobs.openOf(deviceIds, names),
    recentOf: (projectId, name, since) => jobs.recentOf(projectId, name, since),
    expireNow: () => jobs.expireNow(),
  };
}
