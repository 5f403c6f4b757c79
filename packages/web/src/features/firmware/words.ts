/** How the console words firmware and upgrades: sizes, stages, the upgrade's effect (§9). */
import {
  ERR,
  errorMessage,
  REBOOT_SECONDS,
  UPGRADE_SECONDS,
  UPGRADE_STAGE_LABELS,
  type UpgradeStatus,
} from '@netloom/domain';
import { plural } from '../../components/format';
import type { MaintenanceDevice } from '../maintenance';

/** A device as the upgrade screens need it: the rule's facts, its name and the firmware it runs. */
export type UpgradeDevice = MaintenanceDevice & { firmwareVersion: string | null };

export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return plural(bytes, 'byte');
}

/** What an upgrade does, for the confirmation (§9: about 5 minutes, a restart at the end). */
export const UPGRADE_EFFECT = `Each device downloads the firmware, checks it, installs it and restarts: about ${
  UPGRADE_SECONDS / 60
} minutes, offline for about ${plural(REBOOT_SECONDS / 60, 'minute')} at the end. Its clients are disconnected while it restarts; its configuration is kept. Do not power it off meanwhile.`;

/** The stage's words, and why it failed when it did. */
export function stageText(s: UpgradeStatus): { label: string; why: string | null } {
  const label = UPGRADE_STAGE_LABELS[s.stage];
  if (s.stage !== 'upgrade_failed' && s.stage !== 'download_failed') return { label, why: null };
  if (s.job.status === 'expired')
    return { label, why: 'The device did not finish in time; nothing was changed.' };
  return { label, why: errorMessage(s.job.code ?? ERR.FIRMWARE_UPGRADE_FAILED) };
}
