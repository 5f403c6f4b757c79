import type { LiveInvalidations } from '../../api/live';

/** Query keys of the configuration backup page: one list per project. */
export const backupKeys = {
  list: (projectId: number) => ['backups', projectId] as const,
  settings: (projectId: number) => ['backups', projectId, 'settings'] as const,
  /** The devices the dialogs choose from (one model for a restore). */
  devices: (projectId: number, model: string | null) => ['backups', projectId, 'devices', model] as const,
};

/** Jobs whose progress the backup list shows (the upload of a backup, a restore's stages). */
const BACKUP_JOBS = new Set(['backup', 'restore']);

/**
 * A backup's file arriving, failing, changing type or remark, or a restore ending
 * (`backup.changed`), and the stages of the jobs behind them (`command.updated`), refresh the list.
 */
export const backupLive: LiveInvalidations = {
  events: {
    'backup.changed': (e) => [backupKeys.list(e.projectId)],
    'command.updated': (e) => (BACKUP_JOBS.has(e.name) ? [backupKeys.list(e.projectId)] : []),
    // The dialogs' devices: their status decides who may be backed up now.
    'device.status': (e) => [['backups', e.projectId, 'devices']],
  },
  resync: (p) => [backupKeys.list(p)],
};
