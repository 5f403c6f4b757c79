/** Configuration backup enumerations of spec §3–§4. */

/**
 * Backup type (§3): a device has at most one restore point; general backups beyond the project cap
 * overwrite the oldest (§4). A backup can be switched between the two.
 */
export const BACKUP_TYPES = ['restore_point', 'general'] as const;
export type BackupType = (typeof BACKUP_TYPES)[number];
export const BACKUP_TYPE_LABELS: Record<BackupType, string> = {
  restore_point: 'Restore point',
  general: 'General',
};

/** Sync state of a backup between device and cloud (§4). */
export const BACKUP_SYNC_STATES = ['unsynchronised', 'synchronising', 'success', 'fail'] as const;
export type BackupSyncState = (typeof BACKUP_SYNC_STATES)[number];
export const BACKUP_SYNC_STATE_LABELS: Record<BackupSyncState, string> = {
  unsynchronised: 'Not synchronised',
  synchronising: 'Synchronising',
  success: 'Synchronised',
  fail: 'Synchronisation failed',
};
