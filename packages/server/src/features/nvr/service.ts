/**
 * NVR disks (issue 13 §4): format one disk of a recorder as a `formatDisk` command job
 * (docs/protocol.md §7.2) after domain `formatDiskRefusal` — the rule the drawer disables its button
 * with — and the recorder's recent format jobs. The request and the result (done, or the device's
 * 3000/3001/3002, or 498 when it never finished) are written to the change log and the system log.
 */
import {
  type AuditAction,
  BUSY_COMMANDS,
  DISK_FORMAT_JOB_TTL_SECONDS,
  DISK_FORMAT_RECENT_SECONDS,
  type DiskFormatJob,
  diskFormatSeconds,
  ERR,
  errorMessage,
  FORMAT_DISK_COMMAND,
  formatDiskRefusal,
} from '@netloom/domain';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import { type CommandRow, type CommandService, toCommandJob } from '../commands';
import type { DeviceSnapshot, Devices } from '../devices';

const MS = 1000;

export interface NvrDeps {
  devices: Pick<Devices, 'snapshotsOf'>;
  registry: Pick<DeviceRegistry, 'getById'>;
  gateway: Pick<DeviceGateway, 'isConnected'>;
  commands: Pick<CommandService, 'create' | 'openOf' | 'recentOf' | 'onFinished'>;
  activity: Pick<ActivityLog, 'record'>;
  clock: Clock;
}

/** The disk a format job names (its `args.disk`), 0 when unreadable. */
function diskOf(row: Pick<CommandRow, 'args_json'>): number {
  try {
    const disk = (JSON.parse(row.args_json) as { disk?: unknown }).disk;
    return typeof disk === 'number' ? disk : 0;
  } catch {
    return 0;
  }
}

/** A format job as the API gives it: an expired job is the recorder's silence (498). */
export function toFormatJob(row: CommandRow): DiskFormatJob {
  const job = toCommandJob(row);
  const expired = job.status === 'expired';
  return {
    ...job,
    disk: diskOf(row),
    ...(expired ? { code: ERR.DISK_FORMAT_TIMEOUT, message: errorMessage(ERR.DISK_FORMAT_TIMEOUT) } : {}),
  };
}

export class NvrService {
  constructor(private readonly deps: NvrDeps) {}

  /** Follows the ends of format jobs into the logs (registered once at start). */
  follow(): void {
    this.deps.commands.onFinished(FORMAT_DISK_COMMAND, (cmd) => this.finished(cmd));
  }

  /** Formats disk `disk` of a recorder: its job, or an AppError with the refusal's code. */
  async format(access: ProjectAccess, deviceId: number, disk: number): Promise<DiskFormatJob> {
    const { commands, gateway, activity, clock } = this.deps;
    const device = await this.recorder(access.projectId, deviceId);
    const status = this.deps.registry.getById(deviceId)?.status ?? 0;
    const open = await commands.openOf([deviceId], [FORMAT_DISK_COMMAND, ...BUSY_COMMANDS]);
    const code = formatDiskRefusal(
      {
        type: device.type,
        model: device.modelName,
        status,
        managementMode: device.managementMode,
        meshRole: device.meshRole,
      },
      device.disks,
      disk,
      {
        connected: gateway.isConnected(device.sn),
        jobOpen: open.some((r) => r.name !== FORMAT_DISK_COMMAND),
        formatting: open.some((r) => r.name === FORMAT_DISK_COMMAND),
      },
    );
    if (code !== null) throw new AppError(code);
    const capacityGb = device.disks.find((k) => k.id === disk)?.capacityGb ?? 0;
    const row = await commands.create({
      deviceId,
      projectId: access.projectId,
      accountId: access.accountId,
      name: FORMAT_DISK_COMMAND,
      args: { disk },
      ttlMs: DISK_FORMAT_JOB_TTL_SECONDS * MS,
    });
    await activity.record({
      projectId: access.projectId,
      accountId: access.accountId,
      device: { deviceId, name: device.name },
      action: 'disk.format' satisfies AuditAction,
      summary: `Format disk ${disk} requested (${capacityGb} GB, about ${Math.ceil(diskFormatSeconds(capacityGb) / 60)} min): its recordings are erased`,
      at: clock.now(),
    });
    return toFormatJob(row);
  }

  /** A recorder's format jobs of the last hour, newest first. */
  async formats(access: ProjectAccess, deviceId: number): Promise<DiskFormatJob[]> {
    await this.recorder(access.projectId, deviceId);
    const since = this.deps.clock.now() - DISK_FORMAT_RECENT_SECONDS * MS;
    const rows = await this.deps.commands.recentOf(access.projectId, FORMAT_DISK_COMMAND, since);
    return rows
      .filter((r) => r.device_id === deviceId)
      .map(toFormatJob)
      .reverse();
  }

  /** The device of this project (901 otherwise). */
  private async recorder(projectId: number, deviceId: number): Promise<DeviceSnapshot> {
    const [device] = await this.deps.devices.snapshotsOf([deviceId]);
    const entry = this.deps.registry.getById(deviceId);
    if (!device || device.projectId !== projectId || !entry || entry.projectId !== projectId)
      throw new AppError(ERR.DEVICE_NOT_FOUND);
    return device;
  }

  private async finished(cmd: CommandRow): Promise<void> {
    const [device] = await this.deps.devices.snapshotsOf([cmd.device_id]);
    const job = toFormatJob(cmd);
    const ok = job.status === 'done';
    const code = job.code;
    const why = job.message ?? (code !== null ? errorMessage(code) : 'no reason given');
    await this.deps.activity.record({
      projectId: cmd.project_id,
      accountId: cmd.account_id,
      device: device ? { deviceId: device.deviceId, name: device.name } : null,
      action: ok ? 'maintenance.succeeded' : 'maintenance.failed',
      summary: ok
        ? `Format disk ${job.disk}: done`
        : `Format disk ${job.disk}: failed — ${why}${code !== null ? ` (code ${code})` : ''}`,
      at: Number(cmd.updated_at),
    });
  }
}
