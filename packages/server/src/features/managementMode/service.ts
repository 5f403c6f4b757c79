/**
 * The management-mode switch (issue 15, docs/decisions.md "`/static/transferToLocalDev`"): a
 * `setManagementMode` command job (docs/protocol.md §7.2 "Management mode") after the domain rule
 * `managementModeRefusal` — the same the page disables its button with — written to the change log.
 * The device stays in its project; its state reports the new mode, which the devices feature stores.
 * A device back in cloud management gets its desired configuration again once its state says so —
 * also after a restart of the console in between (the devices under local management are loaded
 * from their stored states at start-up).
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
import { type CommandService, toCommandJob } from '../commands';
import type { ConfigApi } from '../config';
import { checkDevices, type Devices } from '../devices';

const AUDIT: AuditAction = 'device.managementMode';

export interface ManagementModeDeps {
  devices: Pick<Devices, 'snapshotsOf' | 'locallyManaged'>;
  registry: Pick<DeviceRegistry, 'getById'>;
  gateway: Pick<DeviceGateway, 'isConnected'>;
  commands: Pick<CommandService, 'create' | 'openOf'>;
  config: Pick<ConfigApi, 'redeliver'>;
  activity: Pick<ActivityLog, 'record'>;
  clock: Clock;
  logger: Logger;
}

export class ManagementModeService {
  /**
   * The devices under local management, as their latest full state said (this node's reports, and
   * the stored reports at start-up): a device's state that says cloud management while it is in
   * here is the return — whoever asked for it (this console, another node before a restart, or
   * someone on the device's own page) — and its configuration is delivered again.
   */
  private readonly local = new Set<number>();

  constructor(private readonly deps: ManagementModeDeps) {}

  /** Before devices connect: the devices the database last saw under local management. */
  async load(): Promise<void> {
    for (const id of await this.deps.devices.locallyManaged()) this.local.add(id);
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
   * A device's full state: one that was under local management and now reports cloud management
   * gets its desired configuration again, as a new version (docs/protocol.md §7.2).
   */
  onState(projectId: number, deviceId: number, mode: number | undefined): void {
    if ((mode ?? MANAGEMENT_MODES.CLOUD) === MANAGEMENT_MODES.LOCAL) {
      this.local.add(deviceId);
      return;
    }
    if (!this.local.delete(deviceId)) return;
    this.deps.config
      .redeliver(projectId, deviceId)
      .catch((err: unknown) =>
        this.deps.logger.error({ err, deviceId }, 'configuration not delivered after local management'),
      );
  }
}
