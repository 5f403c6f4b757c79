/**
 * Device maintenance (issue 13 §1): restart, locate and reset for one device or a selection, as
 * command jobs (docs/protocol.md §7.2) after the rules of domain `maintenance/` — the same rules the
 * web disables its buttons with. A batch answers per device: its job, or the code and message of
 * its refusal. Every action started is written to the change log.
 */
import {
  type AuditAction,
  BUSY_COMMANDS,
  type CommandJob,
  ERR,
  type ErrorCode,
  errorMessage,
  LOCATE_DEFAULT_MINUTES,
  MAINTENANCE_ACTION_INFO,
  type MaintenanceAction,
  type MaintenanceBatchResult,
  type MaintenanceOutcome,
  maintenanceRefusal,
} from '@netloom/domain';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import { type CommandService, toCommandJob } from '../commands';
import { checkDevices, type DeviceSnapshot, type Devices } from '../devices';

/**
 * How long a maintenance job stays wanted: the device is online when it is sent, so it answers
 * within seconds; a device that dropped in between must not restart by surprise minutes later.
 */
export const MAINTENANCE_COMMAND_TTL_MS = 60_000;

const AUDIT: Record<MaintenanceAction, AuditAction> = {
  reboot: 'device.reboot',
  locate: 'device.locate',
  reset: 'device.reset',
};

export interface MaintenanceDeps {
  devices: Pick<Devices, 'snapshotsOf'>;
  registry: Pick<DeviceRegistry, 'getById'>;
  gateway: Pick<DeviceGateway, 'isConnected'>;
  commands: Pick<CommandService, 'create' | 'openOf'>;
  activity: Pick<ActivityLog, 'record'>;
  clock: Clock;
}

interface Checked {
  deviceId: number;
  device: DeviceSnapshot | null;
  code: ErrorCode | null;
}

export class MaintenanceService {
  constructor(private readonly deps: MaintenanceDeps) {}

  /** One device: its job, or an AppError with the refusal's code. */
  async one(
    access: ProjectAccess,
    deviceId: number,
    action: MaintenanceAction,
    minutes: number | undefined,
  ): Promise<CommandJob> {
    const [checked] = await this.check(access.projectId, [deviceId], action);
    if (!checked?.device || checked.code !== null) throw new AppError(checked?.code ?? ERR.DEVICE_NOT_FOUND);
    return this.start(access, checked.device, action, minutes);
  }

  /**
   * Restarts on the system's behalf (a reboot schedule's slot): each device checked by the rule of
   * the Restart button, then by `extra` (the schedule's own rule, §9's one hour online), and the
   * allowed ones sent the same `reboot` job, logged as a restart by nobody with `summary`. One
   * outcome per device, in the order given.
   */
  async systemRestart(
    projectId: number,
    deviceIds: readonly number[],
    opts: { summary: string; extra?: (device: DeviceSnapshot) => ErrorCode | null },
  ): Promise<MaintenanceOutcome[]> {
    const checked = await this.check(projectId, [...new Set(deviceIds)], 'reboot');
    const results: MaintenanceOutcome[] = [];
    const actor = { projectId, accountId: null };
    for (const c of checked) {
      const code = c.code ?? (c.device ? (opts.extra?.(c.device) ?? null) : ERR.DEVICE_NOT_FOUND);
      if (!c.device || code !== null) {
        results.push(refused(c, code ?? ERR.DEVICE_NOT_FOUND));
        continue;
      }
      try {
        const job = await this.start(actor, c.device, 'reboot', undefined, opts.summary);
        results.push({ deviceId: c.deviceId, name: c.device.name, ok: true, code: null, message: null, job });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push(refused(c, err.code as ErrorCode));
      }
    }
    return results;
  }

  /** A selection: each device checked by the same rule, the allowed ones started, one answer each. */
  async batch(
    access: ProjectAccess,
    deviceIds: readonly number[],
    action: MaintenanceAction,
    minutes: number | undefined,
  ): Promise<MaintenanceBatchResult> {
    const checked = await this.check(access.projectId, [...new Set(deviceIds)], action);
    const results: MaintenanceOutcome[] = [];
    for (const c of checked) {
      if (!c.device || c.code !== null) {
        const code = c.code ?? ERR.DEVICE_NOT_FOUND;
        results.push(refused(c, code));
        continue;
      }
      try {
        const job = await this.start(access, c.device, action, minutes);
        results.push({ deviceId: c.deviceId, name: c.device.name, ok: true, code: null, message: null, job });
      } catch (err) {
        // A device deleted or moved in between: its refusal, not the whole batch's.
        if (!(err instanceof AppError)) throw err;
        results.push(refused(c, err.code as ErrorCode));
      }
    }
    const started = results.filter((r) => r.ok).length;
    return { action, results, started, refused: results.length - started };
  }

  private check(
    projectId: number,
    deviceIds: readonly number[],
    action: MaintenanceAction,
  ): Promise<Checked[]> {
    return checkDevices(this.deps, projectId, deviceIds, BUSY_COMMANDS, (target, context) =>
      // Locate takes the device nowhere: it may blink while a reboot job is still answering.
      maintenanceRefusal(action, target, { ...context, jobOpen: action !== 'locate' && context.jobOpen }),
    );
  }

  private async start(
    access: { projectId: number; accountId: number | null },
    device: DeviceSnapshot,
    action: MaintenanceAction,
    minutes: number | undefined,
    summary?: string,
  ): Promise<CommandJob> {
    const { commands, activity } = this.deps;
    const info = MAINTENANCE_ACTION_INFO[action];
    const blink = minutes ?? LOCATE_DEFAULT_MINUTES;
    const row = await commands.create({
      deviceId: device.deviceId,
      projectId: access.projectId,
      accountId: access.accountId,
      name: info.command,
      args: action === 'locate' ? { minutes: blink } : {},
      ttlMs: MAINTENANCE_COMMAND_TTL_MS,
      // The request is in the system log before the device hears of it: a device that answers at
      // once (a refusal) must not see its result logged ahead of the request.
      beforeSend: (stored) =>
        activity.record({
          projectId: access.projectId,
          accountId: access.accountId,
          device: { deviceId: device.deviceId, name: device.name },
          action: AUDIT[action],
          summary:
            summary ??
            (action === 'locate'
              ? `Locate: LED blinking for ${blink} min`
              : action === 'reboot'
                ? 'Restart requested'
                : 'Factory reset requested'),
          at: stored.created_at,
        }),
    });
    return toCommandJob(row);
  }
}

function refused(c: Checked, code: ErrorCode): MaintenanceOutcome {
  return {
    deviceId: c.deviceId,
    name: c.device?.name ?? null,
    ok: false,
    code,
    message: errorMessage(code),
    job: null,
  };
}
