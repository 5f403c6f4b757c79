/**
 * What the system log records that no other feature records itself (issue 13 §5): the result of
 * each maintenance job (the commands feature's `onFinished`), each device going offline or coming
 * back (the devices feature's `onStatusChanged`, batched: a fleet reconnecting after an outage is
 * one multi-row write a second, not one statement per device), and a member's sign-in into a
 * shared project (`signedIn`, told by the project guard's first visit of a session). Everything is written through
 * the activity log, whose writer is the change log's owner.
 */
import {
  DEVICE_STATUS,
  errorMessage,
  MAINTENANCE_ACTION_INFO,
  MAINTENANCE_ACTIONS,
  RUNLOG_TRANSITION_FLUSH_MS,
} from '@netloom/domain';
import type { Logger } from 'pino';
import type { ActivityEntry, ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import type { CommandRow, CommandService } from '../commands';
import type { Devices, StatusChange } from '../devices';

export interface RecorderDeps {
  activity: Pick<ActivityLog, 'record' | 'recordMany'>;
  commands: Pick<CommandService, 'onFinished'>;
  devices: Pick<Devices, 'onStatusChanged' | 'snapshotsOf'>;
  clock: Clock;
  logger: Logger;
}

/** The statuses that count as offline. */
const OFFLINE = new Set<number>([DEVICE_STATUS.OFFLINE, DEVICE_STATUS.OFFLINE_ALT]);
/**
 * A device away from the network: offline, or restarting/upgrading (it announced it and left
 * cleanly, so it is not shown offline). Leaving for offline is logged; coming back from any is.
 */
const AWAY = new Set<number>([...OFFLINE, DEVICE_STATUS.REBOOTING, DEVICE_STATUS.UPGRADING]);

/** How a device's return reads, by where it came back from. */
function backSummary(name: string, previous: number): string {
  if (previous === DEVICE_STATUS.REBOOTING) return `${name} is back online after restarting`;
  if (previous === DEVICE_STATUS.UPGRADING) return `${name} is back online after upgrading`;
  return `${name} is online`;
}

/** Commands whose end the log records, with the words of their action. */
const RESULT_COMMANDS: ReadonlyMap<string, string> = new Map(
  MAINTENANCE_ACTIONS.map((a) => [MAINTENANCE_ACTION_INFO[a].command, MAINTENANCE_ACTION_INFO[a].label]),
);

export class RunlogRecorder {
  private pending: StatusChange[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private offStatus: (() => void) | null = null;

  constructor(private readonly deps: RecorderDeps) {
    for (const [name, label] of RESULT_COMMANDS) {
      deps.commands.onFinished(name, (cmd) => this.finished(cmd, label));
    }
  }

  start(): void {
    this.offStatus = this.deps.devices.onStatusChanged((c) => this.transition(c));
  }

  async stop(): Promise<void> {
    this.offStatus?.();
    this.offStatus = null;
    await this.flush();
  }

  /** Writes the transitions collected so far (the timer does it every second; tests and stop call it). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.flushing.then(() => this.write(batch));
    return this.flushing;
  }

  /** A member other than the owner signed in to a shared project (the entry's account says who). */
  async signedIn(projectId: number, accountId: number, readOnly: boolean, at?: number): Promise<void> {
    await this.deps.activity.record({
      projectId,
      accountId,
      device: null,
      action: 'project.signIn',
      summary: readOnly ? 'Opened the project with read-only access' : 'Opened the project with full access',
      at: at ?? this.deps.clock.now(),
    });
  }

  private transition(c: StatusChange): void {
    const wentOffline = OFFLINE.has(c.status) && !OFFLINE.has(c.previous);
    const cameBack = AWAY.has(c.previous) && !AWAY.has(c.status);
    if (!wentOffline && !cameBack) return;
    this.pending.push(c);
    this.timer ??= setTimeout(() => void this.flush(), RUNLOG_TRANSITION_FLUSH_MS);
    this.timer.unref?.();
  }

  private async write(batch: readonly StatusChange[]): Promise<void> {
    if (batch.length === 0) return;
    try {
      const names = new Map(
        (await this.deps.devices.snapshotsOf([...new Set(batch.map((c) => c.deviceId))])).map((d) => [
          d.deviceId,
          d.name,
        ]),
      );
      const entries: ActivityEntry[] = [];
      for (const c of batch) {
        const name = names.get(c.deviceId);
        // Deleted meanwhile: nothing to say about it.
        if (name === undefined) continue;
        const offline = OFFLINE.has(c.status);
        entries.push({
          projectId: c.projectId,
          accountId: null,
          device: { deviceId: c.deviceId, name },
          action: offline ? 'device.offline' : 'device.online',
          summary: offline ? `${name} went offline` : backSummary(name, c.previous),
          at: c.at,
        });
      }
      await this.deps.activity.recordMany(entries);
    } catch (err) {
      this.deps.logger.error({ err, transitions: batch.length }, 'status transitions not logged');
    }
  }

  private async finished(cmd: CommandRow, label: string): Promise<void> {
    const [device] = await this.deps.devices.snapshotsOf([cmd.device_id]);
    const ok = cmd.status === 'done';
    const why =
      cmd.status === 'expired'
        ? 'the device did not answer in time'
        : (cmd.result_message ??
          (cmd.result_code !== null ? errorMessage(cmd.result_code) : 'no reason given'));
    await this.deps.activity.record({
      projectId: cmd.project_id,
      accountId: cmd.account_id,
      device: device ? { deviceId: device.deviceId, name: device.name } : null,
      action: ok ? 'maintenance.succeeded' : 'maintenance.failed',
      summary: ok
        ? `${label}: done`
        : `${label}: failed — ${why}${cmd.result_code !== null ? ` (code ${cmd.result_code})` : ''}`,
      at: Number(cmd.updated_at),
    });
  }
}
