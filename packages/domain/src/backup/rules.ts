/**
 * Configuration backup (issue 13 §2; spec §3 fields, §4 sync and restore points, §9 cap and
 * interval): which device may be backed up or restored now, the 3-minute interval (187), the
 * 128 general backups of a project and which of them the next backups overwrite — written once for
 * the server (which refuses with the code) and the web (which says it before the click).
 */
import type { BackupType } from '../enums/backup';
import { ERR, type ErrorCode } from '../errors/catalogue';
import { BACKUP_MAX_PER_PROJECT, BACKUP_MIN_INTERVAL_SECONDS } from '../limits';
import { deviceStateRefusal, type MaintenanceContext, type MaintenanceTarget } from '../maintenance/rules';
import { findModel, modelHas } from '../models/catalogue';

/** The two operations, as the protocol names their commands (docs/protocol.md §7.2). */
export const BACKUP_COMMANDS = ['backup', 'restore'] as const;
export type BackupCommand = (typeof BACKUP_COMMANDS)[number];

/**
 * Commands during which a device is busy for a backup or a restore (911): those that take it away
 * (reboot, reset, upgrade) and another backup or restore still running.
 */
export const BACKUP_BUSY_COMMANDS = ['reboot', 'reset', 'upgrade', 'backup', 'restore'] as const;

/**
 * Why a backup or a restore is refused for this device now (the same rule for both), as a §8 code, or null when it may run. In this order:
 * the kind or model keeps no configuration file (913: NVRs and cameras), local management mode (76),
 * a secondary mesh node (912: its configuration is its primary's, §6), upgrading (71), rebooting
 * (917), another job that occupies it (911), offline (36).
 */
export function backupRefusal(d: MaintenanceTarget, ctx: MaintenanceContext = {}): ErrorCode | null {
  const model = d.model ? findModel(d.model) : undefined;
  if (d.type === 'nvr' || d.type === 'ipc') return ERR.DEVICE_OPERATION_UNSUPPORTED;
  // A model's `backup` capability covers both: a file it can write, it can read back.
  if (model && !modelHas(model, 'backup')) return ERR.DEVICE_OPERATION_UNSUPPORTED;
  return deviceStateRefusal(d, ctx);
}

/**
 * §9: the same device is backed up at most once every 3 minutes (187). `lastAt` is the start of
 * its latest backup that did not fail (a failed attempt may be retried at once).
 */
export function backupIntervalRefusal(lastAt: number | null, now: number): ErrorCode | null {
  if (lastAt === null) return null;
  return now - lastAt < BACKUP_MIN_INTERVAL_SECONDS * 1000 ? ERR.BACKUP_INTERVAL : null;
}

/** When the device may be backed up again (epoch ms), for the button's reason. */
export function nextBackupAt(lastAt: number): number {
  return lastAt + BACKUP_MIN_INTERVAL_SECONDS * 1000;
}

/** The part of a backup the cap reads. */
export interface CappedBackup {
  id: number;
  type: BackupType;
  createdAt: number;
}

/**
 * §4: general backups beyond 128 per project overwrite the oldest. The backups (of one project)
 * that `incoming` more general backups overwrite, oldest first — the server deletes them when the
 * new files arrive, the web names them in the confirmation before the click.
 */
export function backupsOverwritten<B extends CappedBackup>(
  backups: readonly B[],
  incoming: number,
  max: number = BACKUP_MAX_PER_PROJECT,
): B[] {
  const general = backups
    .filter((b) => b.type === 'general')
    .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const excess = general.length + incoming - max;
  return excess > 0 ? general.slice(0, excess) : [];
}

/** The file name a backup gets: model, SN and the backup time in UTC, e.g. `NL-AP300_NLA3…_20261127-0704.cfg`. */
export function backupFileName(model: string, sn: string, at: number): string {
  const t = new Date(at).toISOString();
  const stamp = `${t.slice(0, 4)}${t.slice(5, 7)}${t.slice(8, 10)}-${t.slice(11, 13)}${t.slice(14, 16)}${t.slice(17, 19)}`;
  return `${model}_${sn}_${stamp}.cfg`.replace(/[^A-Za-z0-9._-]/g, '-');
}
