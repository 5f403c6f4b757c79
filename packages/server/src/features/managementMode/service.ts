/**
 * The management-mode switch (issue 15, docs/decisions.md "`/static/transferToLocalDev`"): a
 * `setManagementMode` command job (docs/protocol.md §7.2 "Management mode") after the domain rule
 * `managementModeRefusal` — the same the page disables its button with — written to the change log.
 * The device stays in its project; its state reports the new mode, which the devices feature stores.
 * A device back in cloud management gets its desired configuration again once its state says so.
 */
import {
  type AuditAction,
  type CommandJob,
  ERR,
  MANAGEMENT_MODE_COMMAND,
  MANAGEMENT_MODE_COMMAND_TTL_MS,
  MANAGEMENT_MODE_LABELS,
  MANAGEMENT_MODES,
  type ManagementMode,
  managementModeRefusal,
} from '@netloom/domain';
import type { Logger } from 'pino';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import { type CommandRow, type CommandService, toCommandJob } from '../commands';
import type { ConfigApi } from '../config';
import { checkDevices, type Devices } from '../devices';

const AUDIT: AuditAction = 'device.managementMode';

export interface ManagementModeDeps {
  devices: Pick<Devices, 'snapshotsOf'>;
  registry: Pick<DeviceRegistry, 'getById'>;
  gateway: Pick<DeviceGateway, 'isConnected'>;
  commands: Pick<CommandService, 'create' | 'openOf' | 'onFinished'>;
  config: Pick<ConfigApi, 'redeliver'>;
  activity: Pick<ActivityLog, 'record'>;
  clock: Clock;
  logger: Logger;
}

export class ManagementModeService {
  /**
   * Devices asked back to cloud management whose state has not said so yet: their configuration is
   * delivered again at the state that does. Only what this node asked (the device's connection, and
   * so its state, is this node's while the job runs).
   */
  private readonly returning = new Set<number>();

  constructor(private readonly deps: ManagementModeDeps) {}

  /** A job that ends without the device switching (refused, expired): nothing to wait for. */
  follow(): void {
    this.deps.commands.onFinished(MANAGEMENT_MODE_COMMAND, (row: CommandRow) => {
      if (row.status !== 'done') this.returning.delete(row.device_id);
    });
  }

  /** Switches one device: its job, or an AppError with the refusal's code. */
  async set(access: ProjectAccess, deviceId: number, mode: ManagementMode): Promise<CommandJob> {
    const { commands, activity, clock } = this.deps;
    const [checked] = await checkDevices(
      this.deps,
      access.projectId,
      [deviceId],
      [MANAGEMENT_MODE_COMMAND],
      (target, context) => managementModeRefusal(mode, target, context),
    );
    if (!checked?.device || checked.code !== null) throw new AppError(checked?.code ?? ERR.DEVICE_NOT_FOUND);
    if (mode === MANAGEMENT_MODES.CLOUD) this.returning.add(deviceId);
    const row = await commands.create({
      deviceId,
      projectId: access.projectId,
      accountId: access.accountId,
      name: MANAGEMENT_MODE_COMMAND,
      args: { mode },
      ttlMs: MANAGEMENT_MODE_COMMAND_TTL_MS,
    });
    await activity.record({
      projectId: access.projectId,
      accountId: access.accountId,
      device: { deviceId, name: checked.device.name },
      action: AUDIT,
      summary: `${MANAGEMENT_MODE_LABELS[mode]} requested`,
      at: clock.now(),
    });
    return toCommandJob(row);
  }

  /**
   * A device's state (after the devices feature stored it): one asked back to the cloud that now
   * reports cloud management gets its desired configuration again, as a new version.
   */
  onState(projectId: number, deviceId: number, mode: number | undefined): void {
    if (!this.returning.has(deviceId) || (mode ?? MANAGEMENT_MODES.CLOUD) !== MANAGEMENT_MODES.CLOUD) return;
    this.returning.delete(deviceId);
    this.deps.config
      .redeliver(projectId, deviceId)
      .catch((err: unknown) =>
        this.deps.logger.error({ err, deviceId }, 'configuration not delivered after local management'),
      );
  }
}
