/** The backup feature's public face: its live invalidations (registered by the app). */
export { backupKeys, backupLive } from './keys';
export { type BackupNowDevice, useBackupNowItem } from './useBackupNowItem';
