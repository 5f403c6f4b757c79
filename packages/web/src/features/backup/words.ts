/** How the backup page words things: sync states with their look, restore stages, sizes. */
import {
  BACKUP_SYNC_STATE_LABELS,
  type BackupSyncState,
  type BackupView,
  errorMessage,
} from '@netloom/domain';

/** UI.md: status is colour + word + icon; sync states as antd preset colours. */
export const SYNC_LOOK: Record<BackupSyncState, { color: string; label: string }> = {
  unsynchronised: { color: 'default', label: BACKUP_SYNC_STATE_LABELS.unsynchronised },
  synchronising: { color: 'processing', label: BACKUP_SYNC_STATE_LABELS.synchronising },
  success: { color: 'success', label: BACKUP_SYNC_STATE_LABELS.success },
  fail: { color: 'error', label: BACKUP_SYNC_STATE_LABELS.fail },
};

const STAGES: Record<string, string> = {
  packing: 'Packing the file',
  uploading: 'Uploading',
  verifying: 'Verifying the file',
  applying: 'Applying the configuration',
  restarting: 'Restarting',
};

/** A job stage in words ("applying" → "Applying the configuration"). */
export function stageText(stage: string | null): string {
  if (!stage) return 'Waiting for the device';
  return STAGES[stage] ?? stage.replace(/_/g, ' ');
}

/** Why a backup failed, in the catalogue's words. */
export function syncFailure(b: Pick<BackupView, 'code'>): string | null {
  return b.code === null ? null : errorMessage(b.code);
}
