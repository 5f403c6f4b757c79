/**
 * Configuration backup and restore (issue 13 §2). "Back up now" checks each device by domain
 * `backupRefusal` and the 3-minute rule (187), stores a row with the device's settings documents
 * of the configuration engine at that moment, and sends a `backup` command job; the device answers
 * with its file in the reply (docs/protocol.md §7.2), which `device.ts` stores. A restore saves the
 * backup's settings documents again through the engine (so the desired state follows the file),
 * then sends the file in a `restore` job. Every change is a `backup.changed` live event and a
 * change-log entry.
 */
import {
  type AuditAction,
  BACKUP_BUSY_COMMANDS,
  type BackupCreateResult,
  type BackupList,
  type BackupOutcome,
  type BackupRestoreResult,
  type BackupSettings,
  type BackupUpdateRequest,
  type BackupView,
  backupFileName,
  backupIntervalRefusal,
  backupRefusal,
  type CommandJob,
  type ConfigKind,
  ERR,
  type ErrorCode,
  errorMessage,
  isConfigKind,
} from '@netloom/domain';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { LiveBus } from '../../live/bus';
import type { ProjectAccess } from '../../plugins/projectAccess';
import { type CommandService, toCommandJob } from '../commands';
import type { ConfigApi } from '../config';
import { checkDevices, type DeviceSnapshot, type Devices } from '../devices';
import type { BackupMeta, BackupStore } from './store';

/**
 * How long a backup or restore job stays wanted: the device is online when it is sent and answers
 * within seconds; one that dropped meanwhile must not restore by surprise much later.
 */
export const BACKUP_COMMAND_TTL_MS = 2 * 60_000;

/** The settings documents a backup keeps: kind → the version it had and its settings. */
export type SavedDocuments = Partial<Record<ConfigKind, { version: number; settings: unknown }>>;

export interface BackupDeps {
  store: BackupStore;
  devices: Pick<Devices, 'snapshotsOf' | 'get'>;
  registry: Pick<DeviceRegistry, 'getById'>;
  gateway: Pick<DeviceGateway, 'isConnected'>;
  commands: Pick<CommandService, 'create' | 'openOf' | 'get'>;
  config: Pick<ConfigApi, 'save' | 'documents' | 'version'>;
  activity: Pick<ActivityLog, 'record'>;
  bus: Pick<LiveBus, 'publish'>;
  clock: Clock;
}

/** Who acts: a member, or the system (account null: an automatic backup). */
type Actor = Pick<ProjectAccess, 'projectId'> & { accountId: number | null };

/** How long the project's automatic-backup option is remembered between two device reports. */
const SETTINGS_CACHE_MS = 10_000;

interface Checked {
  deviceId: number;
  device: DeviceSnapshot | null;
  code: ErrorCode | null;
}

export class BackupService {
  private readonly autoCache = new Map<number, { on: boolean; at: number }>();

  constructor(private readonly deps: BackupDeps) {}

  async settings(projectId: number): Promise<BackupSettings> {
    return { autoAfterChange: await this.deps.store.autoAfterChange(projectId) };
  }

  async saveSettings(access: ProjectAccess, s: BackupSettings): Promise<BackupSettings> {
    const at = this.deps.clock.now();
    await this.deps.store.setAutoAfterChange(access.projectId, s.autoAfterChange, at);
    this.autoCache.set(access.projectId, { on: s.autoAfterChange, at });
    this.changed(access.projectId);
    return s;
  }

  /**
   * A device applied a configuration version: when its project asks for it, it is backed up — if
   * the rules allow it now (online, not busy, not within 3 minutes of its last backup: the later
   * changes of a burst of saves wait for the next change after the interval).
   */
  async afterApplied(projectId: number, deviceId: number): Promise<void> {
    const now = this.deps.clock.now();
    let cached = this.autoCache.get(projectId);
    if (!cached || now - cached.at > SETTINGS_CACHE_MS) {
      cached = { on: await this.deps.store.autoAfterChange(projectId), at: now };
      this.autoCache.set(projectId, cached);
    }
    if (!cached.on) return;
    const [c] = await this.check(projectId, [deviceId]);
    if (!c?.device || c.code !== null) return;
    const last = await this.deps.store.lastStarts([deviceId]);
    if (backupIntervalRefusal(last.get(deviceId) ?? null, now) !== null) return;
    await this.start(
      { projectId, accountId: null },
      c.device,
      'Automatic backup after a configuration change',
    );
    this.changed(projectId);
  }

  async list(projectId: number): Promise<BackupList> {
    const rows = await this.deps.store.list(projectId);
    const backups = await Promise.all(rows.map((r) => this.view(r)));
    return { backups, generalCount: rows.filter((r) => r.type === 'general').length };
  }

  /** "Back up now": each device checked, the allowed ones asked for their file, one answer each. */
  async create(access: ProjectAccess, deviceIds: readonly number[]): Promise<BackupCreateResult> {
    const checked = await this.check(access.projectId, [...new Set(deviceIds)]);
    const last = await this.deps.store.lastStarts(checked.filter((c) => c.device).map((c) => c.deviceId));
    const now = this.deps.clock.now();
    const results: BackupOutcome[] = [];
    for (const c of checked) {
      const code = c.code ?? backupIntervalRefusal(last.get(c.deviceId) ?? null, now);
      if (!c.device || code !== null) {
        results.push(refused(c, code ?? ERR.DEVICE_NOT_FOUND));
        continue;
      }
      try {
        const backup = await this.start(access, c.device);
        results.push({
          deviceId: c.deviceId,
          name: c.device.name,
          ok: true,
          code: null,
          message: null,
          backup,
        });
      } catch (err) {
        // A device deleted or moved in between: its refusal, not the whole batch's.
        if (!(err instanceof AppError)) throw err;
        results.push(refused(c, err.code as ErrorCode));
      }
    }
    const started = results.filter((r) => r.ok).length;
    if (started > 0) this.changed(access.projectId);
    return { results, started, refused: results.length - started };
  }

  /** Type (restore point or general) and remark. */
  async update(access: ProjectAccess, id: number, change: BackupUpdateRequest): Promise<BackupView> {
    const { store, clock } = this.deps;
    const row = await this.existing(access.projectId, id);
    const at = clock.now();
    const said: string[] = [];
    if (change.remark !== undefined && change.remark !== row.remark) {
      await store.update(id, { remark: change.remark, updated_at: at });
      said.push(change.remark ? `remark "${change.remark}"` : 'remark cleared');
    }
    if (change.type === 'restore_point' && row.type !== 'restore_point') {
      // A restore point without its file could never be restored.
      if (row.sync !== 'success') throw new AppError(ERR.BACKUP_NOT_SYNCHRONISED);
      const demoted = await store.makeRestorePoint(access.projectId, id, row.sn, at);
      said.push('made the restore point');
      if (demoted !== null) said.push('the previous restore point is now a general backup');
    } else if (change.type === 'general' && row.type !== 'general') {
      await store.makeGeneral(access.projectId, id, at);
      said.push('switched to a general backup');
    }
    if (said.length > 0) {
      await this.log(access, row, 'backup.update', `Backup ${row.file_name}: ${said.join('; ')}`);
      this.changed(access.projectId);
    }
    return this.view(await this.existing(access.projectId, id));
  }

  /** Deletes a general backup: 31 when it is gone already, 33 for a restore point (demote it first). */
  async remove(access: ProjectAccess, id: number): Promise<Record<string, never>> {
    const row = await this.existing(access.projectId, id);
    if (row.type === 'restore_point') throw new AppError(ERR.CONFIG_IS_RESTORE_POINT);
    if (!(await this.deps.store.remove(access.projectId, id))) throw new AppError(ERR.CONFIG_FILE_DELETED);
    await this.log(access, row, 'backup.delete', `Backup ${row.file_name} deleted`);
    this.changed(access.projectId);
    return {};
  }

  /** The device's file as it sent it. */
  async file(projectId: number, id: number): Promise<{ name: string; bytes: Buffer }> {
    const f = await this.deps.store.file(projectId, id);
    if (!f) throw new AppError(ERR.CONFIG_FILE_DELETED);
    if (f.sync !== 'success' || !f.content) throw new AppError(ERR.BACKUP_NOT_SYNCHRONISED);
    return { name: f.file_name, bytes: Buffer.from(f.content) };
  }

  /**
   * Restores a backup to its device or a same-model replacement: first the backup's settings
   * documents are saved again as new versions through the configuration engine (refused by its
   * rules like any save, before anything reaches the device), then the file goes in a `restore`
   * job. The device applies the file, answers and restarts; at its `hello` the engine sees its older
   * version and delivers the desired state — which now carries the restored settings, so the
   * console and the device agree on what it runs.
   */
  async restore(
    access: ProjectAccess,
    id: number,
    targetId: number | undefined,
  ): Promise<BackupRestoreResult> {
    const { store, config, commands, clock } = this.deps;
    const row = await this.existing(access.projectId, id);
    if (row.sync !== 'success') throw new AppError(ERR.BACKUP_NOT_SYNCHRONISED);
    const deviceId = targetId ?? row.device_id;
    if (deviceId === null) throw new AppError(ERR.DEVICE_NOT_FOUND);
    const [checked] = await this.check(access.projectId, [deviceId]);
    const target = checked?.device;
    if (!target) throw new AppError(ERR.DEVICE_NOT_FOUND);
    if ((target.modelName ?? '') !== row.model) throw new AppError(ERR.BACKUP_OTHER_MODEL);
    if (checked.code !== null) throw new AppError(checked.code);
    const file = await store.file(access.projectId, id);
    if (!file?.content || row.size === null || row.sha256 === null)
      throw new AppError(ERR.BACKUP_NOT_SYNCHRONISED);

    const restored: ConfigKind[] = [];
    for (const [kind, doc] of Object.entries(parseDocuments(row.documents_json))) {
      if (!isConfigKind(kind) || !doc) continue;
      await config.save(
        { projectId: access.projectId, accountId: access.accountId },
        {
          kind,
          deviceId: target.deviceId,
          baseVersion: await config.version(access.projectId, kind, target.deviceId),
          settings: doc.settings,
          system: { summary: `Restored from backup ${row.file_name}` },
        },
      );
      restored.push(kind);
    }
    const job = await commands.create({
      deviceId: target.deviceId,
      projectId: access.projectId,
      accountId: access.accountId,
      name: 'restore',
      args: {
        file: {
          content: Buffer.from(file.content).toString('base64'),
          size: row.size,
          sha256: row.sha256,
          model: row.model,
          configVersion: row.config_version ?? 0,
        },
      },
      ttlMs: BACKUP_COMMAND_TTL_MS,
    });
    const at = clock.now();
    await store.update(id, {
      restore_command_id: job.id,
      restore_device_id: target.deviceId,
      restore_device_name: target.name,
      restore_status: 'running',
      restore_code: null,
      restore_at: at,
      updated_at: at,
    });
    await this.log(
      access,
      { device_id: target.deviceId, device_name: target.name },
      'backup.restore',
      `Restore of ${row.file_name} to ${target.name} started` +
        (restored.length > 0 ? `; settings saved again: ${restored.join(', ')}` : ''),
    );
    this.changed(access.projectId);
    return { job: toCommandJob(job), documents: restored };
  }

  changed(projectId: number): void {
    this.deps.bus.publish({ type: 'backup.changed', projectId });
  }

  private async existing(projectId: number, id: number): Promise<BackupMeta> {
    const row = await this.deps.store.get(projectId, id);
    if (!row) throw new AppError(ERR.CONFIG_FILE_DELETED);
    return row;
  }

  private check(projectId: number, deviceIds: readonly number[]): Promise<Checked[]> {
    return checkDevices(this.deps, projectId, deviceIds, BACKUP_BUSY_COMMANDS, backupRefusal);
  }

  private async start(
    access: Actor,
    device: DeviceSnapshot,
    summary = 'Backup requested',
  ): Promise<BackupView> {
    const { store, config, commands, clock, devices } = this.deps;
    const at = clock.now();
    const model = device.modelName ?? device.type;
    const saved = (await config.documents(access.projectId)).devices.get(device.deviceId) ?? {};
    const documents: SavedDocuments = {};
    for (const [kind, settings] of Object.entries(saved)) {
      if (!isConfigKind(kind) || settings === undefined) continue;
      documents[kind] = { version: await config.version(access.projectId, kind, device.deviceId), settings };
    }
    const id = await store.insert({
      projectId: access.projectId,
      deviceId: device.deviceId,
      deviceName: device.name,
      sn: device.sn,
      model,
      mac: devices.get(device.sn)?.hello?.mac ?? null,
      fileName: backupFileName(model, device.sn, at),
      documentsJson: JSON.stringify(documents),
      at,
    });
    const job = await commands.create({
      deviceId: device.deviceId,
      projectId: access.projectId,
      accountId: access.accountId,
      name: 'backup',
      args: {},
      ttlMs: BACKUP_COMMAND_TTL_MS,
    });
    // Only forward: a fast device may have answered already (device.ts waits for this id).
    await store.syncUnfinished(id, {
      command_id: job.id,
      sync: job.status === 'sent' ? 'synchronising' : 'unsynchronised',
      updated_at: clock.now(),
    });
    await this.log(
      access,
      { device_id: device.deviceId, device_name: device.name },
      'backup.create',
      summary,
    );
    const row = await store.get(access.projectId, id);
    if (!row) throw new AppError(ERR.CONFIG_FILE_DELETED);
    return this.view(row);
  }

  private async log(
    access: Actor,
    row: { device_id: number | null; device_name: string },
    action: AuditAction,
    summary: string,
  ): Promise<void> {
    await this.deps.activity.record({
      projectId: access.projectId,
      accountId: access.accountId,
      device: { deviceId: row.device_id, name: row.device_name },
      action,
      summary,
      at: this.deps.clock.now(),
    });
  }

  private async view(r: BackupMeta): Promise<BackupView> {
    let restore: BackupView['restore'] = null;
    if (r.restore_command_id && r.restore_status && r.restore_device_id !== null && r.restore_at !== null) {
      // A running restore's stage comes from its job (the commands feature's row).
      const job: CommandJob | null =
        r.restore_status === 'running'
          ? await this.deps.commands.get(r.restore_command_id).then((j) => (j ? toCommandJob(j) : null))
          : null;
      restore = {
        status: r.restore_status as 'running' | 'done' | 'failed',
        deviceId: r.restore_device_id,
        deviceName: r.restore_device_name ?? '',
        commandId: r.restore_command_id,
        at: r.restore_at,
        stage: job?.stage ?? null,
        percent: job?.percent ?? null,
        code: r.restore_code,
      };
    }
    return {
      id: r.id,
      fileName: r.file_name,
      deviceId: r.device_id,
      deviceName: r.device_name,
      sn: r.sn,
      model: r.model,
      mac: r.mac,
      type: r.type as BackupView['type'],
      size: r.size,
      sha256: r.sha256,
      createdAt: Number(r.created_at),
      remark: r.remark,
      sync: r.sync as BackupView['sync'],
      code: r.sync_code,
      configVersion: r.config_version,
      documents: Object.keys(parseDocuments(r.documents_json)),
      restore,
    };
  }
}

function parseDocuments(json: string): SavedDocuments {
  return JSON.parse(json) as SavedDocuments;
}

function refused(c: Checked, code: ErrorCode): BackupOutcome {
  return {
    deviceId: c.deviceId,
    name: c.device?.name ?? null,
    ok: false,
    code,
    message: errorMessage(code),
    backup: null,
  };
}
