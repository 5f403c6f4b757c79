/**
 * Firmware files and upgrades (issue 13 §1). Files: a project's uploaded .bin files (owner only),
 * streamed to disk with their SHA-256; the project's catalogue is the latest version per model.
 * Upgrades: for one device or a selection, after the maintenance rule (`maintenanceRefusal
 * ('upgrade', …)`, the same the web disables its buttons with), an `upgrade` command job carrying a
 * short-lived signed download link and the hash (docs/protocol.md §7.2). The device reports the §4
 * stages as `progress`; the job ends by its reply or by expiry (nothing stays half-done).
 */
import {
  type AuditAction,
  BUSY_COMMANDS,
  type CommandJob,
  ERR,
  type ErrorCode,
  type FirmwareFile,
  type FirmwareList,
  type FirmwareUploadFields,
  findModel,
  latestFirmwareByModel,
  type MaintenanceOutcome,
  maintenanceRefusal,
  newerFirmwareFor,
  refusalMessage,
  UPGRADE_JOB_TTL_SECONDS,
  type UpgradeBatchResult,
  type UpgradeStatus,
  upgradeStageOf,
} from '@netloom/domain';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import { randomToken } from '../../lib/crypto';
import { AppError, invalidField } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { Accounts } from '../account';
import { type CommandRow, type CommandService, toCommandJob } from '../commands';
import { checkDevices, type DeviceSnapshot, type Devices } from '../devices';
import type { FirmwareFiles, Received } from './files';
import { readLink, signatureValid, signLink } from './signing';
import type { FirmwareRow, FirmwareStore } from './store';

const UPGRADE_TTL_MS = UPGRADE_JOB_TTL_SECONDS * 1000;
/** The upgrades list shows each device's latest upgrade of the last hours. */
const RECENT_UPGRADES_MS = 6 * 3_600_000;
const URL_KEY_BYTES = 32;
const AUDIT: AuditAction = 'device.upgrade';

export interface FirmwareDeps {
  store: FirmwareStore;
  files: FirmwareFiles;
  devices: Pick<Devices, 'snapshotsOf'>;
  registry: Pick<DeviceRegistry, 'getById'>;
  gateway: Pick<DeviceGateway, 'isConnected'>;
  commands: Pick<CommandService, 'create' | 'openOf' | 'recentOf'>;
  activity: Pick<ActivityLog, 'record'>;
  accounts: Pick<Accounts, 'findById'>;
  clock: Clock;
}

/** A download a device may make: the file and the byte count. */
export interface Download {
  key: string;
  size: number;
  sha256: string;
  fileName: string;
}

interface Checked {
  deviceId: number;
  device: DeviceSnapshot | null;
  code: ErrorCode | null;
  firmware: FirmwareRow | null;
}

export class FirmwareService {
  constructor(private readonly deps: FirmwareDeps) {}

  async list(projectId: number): Promise<FirmwareList> {
    const rows = await this.deps.store.listOf(projectId);
    const nicks = new Map<number, string | null>();
    for (const id of new Set(rows.map((r) => r.uploaded_by).filter((x): x is number => x !== null))) {
      nicks.set(id, (await this.deps.accounts.findById(id))?.nick ?? null);
    }
    const files = rows.map((r) =>
      toFile(r, r.uploaded_by === null ? null : (nicks.get(r.uploaded_by) ?? null)),
    );
    const catalogue = [...latestFirmwareByModel(files).values()]
      .map((latest) => ({ model: latest.model, latest }))
      .sort((a, b) => a.model.localeCompare(b.model));
    return { files, catalogue };
  }

  /** Stores an upload that streamed to a temporary file: checks its fields, then keeps it. */
  async add(
    access: ProjectAccess,
    received: Received,
    fileName: string,
    fields: FirmwareUploadFields,
  ): Promise<FirmwareFile> {
    const { store, files, clock, activity } = this.deps;
    try {
      if (!findModel(fields.model)) throw invalidField('model', 'Choose a model of the catalogue.');
      if (await store.exists(access.projectId, fields.model, fields.version))
        throw new AppError(ERR.DATA_EXISTS);
      await files.keep(received);
    } catch (err) {
      await files.discard(received);
      throw err;
    }
    const now = clock.now();
    const row: Omit<FirmwareRow, 'id'> = {
      project_id: access.projectId,
      model: fields.model,
      version: fields.version,
      file_name: fileName,
      file_key: received.key,
      size: received.size,
      sha256: received.sha256,
      notes: fields.notes,
      url_key: randomToken(URL_KEY_BYTES),
      uploaded_by: access.accountId,
      created_at: now,
    };
    let id: number;
    try {
      id = await store.insert(row);
    } catch (err) {
      // Two uploads of the same version at once: the unique index lets one through.
      await files.remove(received.key);
      if (await store.exists(access.projectId, fields.model, fields.version))
        throw new AppError(ERR.DATA_EXISTS);
      throw err;
    }
    await activity.record({
      projectId: access.projectId,
      accountId: access.accountId,
      device: null,
      action: 'firmware.upload',
      summary: `Firmware ${fields.version} for ${fields.model} added (${fileName})`,
      at: now,
    });
    const nick = (await this.deps.accounts.findById(access.accountId))?.nick ?? null;
    return toFile({ ...row, id }, nick);
  }

  async remove(access: ProjectAccess, firmwareId: number): Promise<{ id: number }> {
    const { store, files, activity, clock } = this.deps;
    const row = await store.get(firmwareId);
    if (!row || row.project_id !== access.projectId) throw new AppError(ERR.NOT_EXIST);
    await store.remove(row.id);
    await files.remove(row.file_key);
    await activity.record({
      projectId: access.projectId,
      accountId: access.accountId,
      device: null,
      action: 'firmware.delete',
      summary: `Firmware ${row.version} for ${row.model} deleted`,
      at: clock.now(),
    });
    return { id: row.id };
  }

  /** One device: its job, or an AppError with the refusal's code. */
  async upgradeOne(
    access: ProjectAccess,
    deviceId: number,
    firmwareId: number | undefined,
    origin: string,
  ): Promise<CommandJob> {
    const [c] = await this.check(access.projectId, [deviceId], firmwareId);
    if (!c?.device || !c.firmware || c.code !== null) throw new AppError(c?.code ?? ERR.DEVICE_NOT_FOUND);
    return this.start(access, c.device, c.firmware, origin);
  }

  async upgradeBatch(
    access: ProjectAccess,
    deviceIds: readonly number[],
    firmwareId: number | undefined,
    origin: string,
  ): Promise<UpgradeBatchResult> {
    const checked = await this.check(access.projectId, [...new Set(deviceIds)], firmwareId);
    const results: MaintenanceOutcome[] = [];
    for (const c of checked) {
      if (!c.device || !c.firmware || c.code !== null) {
        results.push(refused(c, c.code ?? ERR.DEVICE_NOT_FOUND));
        continue;
      }
      try {
        const job = await this.start(access, c.device, c.firmware, origin);
        results.push({ deviceId: c.deviceId, name: c.device.name, ok: true, code: null, message: null, job });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push(refused(c, err.code as ErrorCode));
      }
    }
    const started = results.filter((r) => r.ok).length;
    return { results, started, refused: results.length - started };
  }

  /** Each device's latest upgrade job of the last hours, with its §4 stage. */
  async upgrades(projectId: number): Promise<UpgradeStatus[]> {
    const rows = await this.deps.commands.recentOf(
      projectId,
      'upgrade',
      this.deps.clock.now() - RECENT_UPGRADES_MS,
    );
    const latest = new Map<number, CommandRow>();
    for (const r of rows) latest.set(r.device_id, r);
    return [...latest.values()].map((r) => {
      const job = toCommandJob(r);
      const args = parseArgs(r.args_json);
      return {
        deviceId: r.device_id,
        job,
        stage: upgradeStageOf(job),
        version: typeof args.version === 'string' ? args.version : '',
        firmwareId: typeof args.firmwareId === 'number' ? args.firmwareId : null,
      };
    });
  }

  /**
   * The file a signed link names, when the link is genuine and unexpired: 403 (no permission) for a
   * forged, altered or expired link, 412 when the file was deleted.
   */
  async download(token: string): Promise<Download> {
    const claims = readLink(token);
    if (!claims) throw new AppError(ERR.NO_PERMISSION, 403);
    const row = await this.deps.store.get(claims.fileId);
    if (!row) throw new AppError(ERR.NOT_EXIST, 404);
    if (!signatureValid(row.url_key, claims.body, claims.signature))
      throw new AppError(ERR.NO_PERMISSION, 403);
    if (claims.expiresAt <= this.deps.clock.now()) throw new AppError(ERR.NO_PERMISSION, 403);
    return { key: row.file_key, size: row.size, sha256: row.sha256, fileName: row.file_name };
  }

  private async check(
    projectId: number,
    deviceIds: readonly number[],
    firmwareId: number | undefined,
  ): Promise<Checked[]> {
    const { store } = this.deps;
    const checked = await checkDevices(this.deps, projectId, deviceIds, BUSY_COMMANDS, (target, context) =>
      maintenanceRefusal('upgrade', target, context),
    );
    let named: FirmwareRow | undefined;
    if (firmwareId !== undefined) {
      named = await store.get(firmwareId);
      if (!named || named.project_id !== projectId) throw new AppError(ERR.NOT_EXIST);
    }
    const catalogue = latestFirmwareByModel(named ? [] : await store.listOf(projectId));
    return checked.map(({ deviceId, device, code }) => {
      if (!device) return { deviceId, device: null, code, firmware: null };
      if (code !== null) return { deviceId, device, code, firmware: null };
      if (named) {
        return named.model === device.modelName
          ? { deviceId, device, code: null, firmware: named }
          : { deviceId, device, code: ERR.FIRMWARE_MODEL_MISMATCH, firmware: null };
      }
      // No file named: the catalogue's latest for its model, when newer than what it runs.
      const newer = newerFirmwareFor(catalogue, {
        model: device.modelName,
        firmwareVersion: device.firmware,
      });
      return newer
        ? { deviceId, device, code: null, firmware: newer }
        : { deviceId, device, code: ERR.NOT_EXIST, firmware: null };
    });
  }

  private async start(
    access: ProjectAccess,
    device: DeviceSnapshot,
    firmware: FirmwareRow,
    origin: string,
  ): Promise<CommandJob> {
    const { commands, activity, clock } = this.deps;
    const expiresAt = clock.now() + UPGRADE_TTL_MS;
    const token = signLink(firmware.url_key, { fileId: firmware.id, deviceId: device.deviceId, expiresAt });
    const row = await commands.create({
      deviceId: device.deviceId,
      projectId: access.projectId,
      accountId: access.accountId,
      name: 'upgrade',
      args: {
        url: `${origin}/api/firmware/download/${token}`,
        sha256: firmware.sha256,
        size: firmware.size,
        version: firmware.version,
        model: firmware.model,
        firmwareId: firmware.id,
      },
      ttlMs: UPGRADE_TTL_MS,
    });
    await activity.record({
      projectId: access.projectId,
      accountId: access.accountId,
      device: { deviceId: device.deviceId, name: device.name },
      action: AUDIT,
      summary: `Upgrade to ${firmware.version} requested (from ${device.firmware ?? 'unknown'})`,
      at: clock.now(),
    });
    return toCommandJob(row);
  }
}

function parseArgs(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json);
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toFile(r: FirmwareRow, uploadedBy: string | null): FirmwareFile {
  return {
    id: r.id,
    model: r.model,
    version: r.version,
    fileName: r.file_name,
    size: r.size,
    sha256: r.sha256,
    notes: r.notes,
    uploadedAt: r.created_at,
    uploadedBy,
  };
}

function refused(c: Checked, code: ErrorCode): MaintenanceOutcome {
  return {
    deviceId: c.deviceId,
    name: c.device?.name ?? null,
    ok: false,
    code,
    message: refusalMessage('upgrade', code),
    job: null,
  };
}
