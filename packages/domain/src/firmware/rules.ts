/**
 * Firmware upgrades (issue 13 §1; §4 upgrade stages — `UPGRADE_STAGES` in enums —, §6 "NVR no
 * upgrade"): how a job's state maps to the stages, the per-model catalogue and the form rules of an upload. Which
 * device may be upgraded now is the maintenance rule (`maintenanceRefusal(‘upgrade’, …)`).
 */
import type { UpgradeStage } from '../enums/deviceStatus';
import { ERR } from '../errors/catalogue';
import { FIRMWARE_NOTES_MAX_LENGTH, FIRMWARE_VERSION_MAX_LENGTH } from '../limits';
import { compareFirmwareVersions, isNewerFirmware } from './version';

/** The stages a device reports in `progress` (docs/protocol.md §7.2 `upgrade`). */
export const UPGRADE_PROGRESS_STAGES = ['waiting', 'downloading', 'upgrading', 'restarting'] as const;

/** What the stage mapping needs of a command job. */
export interface UpgradeJobFacts {
  status: 'pending' | 'sent' | 'done' | 'failed' | 'expired';
  stage: string | null;
  code: number | null;
}

/**
 * The §4 stage of an upgrade job: its reported stage while it runs; done → success (upgraded successfully); a failed
 * download (482) → failed to download; any other failure (hash 483, install 484, 915…) → failed to
 * upgrade. An expired job ends too — nothing stays "upgrading" for ever: failed to download when it
 * never got past the download, else failed to upgrade.
 */
export function upgradeStageOf(job: UpgradeJobFacts): UpgradeStage {
  if (job.status === 'done') return 'success';
  if (job.status === 'failed')
    return job.code === ERR.FIRMWARE_DOWNLOAD_FAILED ? 'download_failed' : 'upgrade_failed';
  const reported = (UPGRADE_PROGRESS_STAGES as readonly string[]).includes(job.stage ?? '')
    ? (job.stage as UpgradeStage)
    : 'waiting';
  if (job.status === 'expired')
    return reported === 'waiting' || reported === 'downloading' ? 'download_failed' : 'upgrade_failed';
  return reported;
}

/** A firmware version: letters, digits, dots, dashes and underscores (`V1.2.0`, `2.4.1-build7`). */
export const FIRMWARE_VERSION_PATTERN = new RegExp(
  `^[A-Za-z0-9][A-Za-z0-9._-]{0,${FIRMWARE_VERSION_MAX_LENGTH - 1}}$`,
);
export const FIRMWARE_VERSION_MESSAGE = 'Enter a version such as V1.2.0 (letters, digits, dots and dashes).';
export const FIRMWARE_NOTES_MESSAGE = `Release notes can be at most ${FIRMWARE_NOTES_MAX_LENGTH} characters.`;

/** What the catalogue needs of a firmware file. */
export interface FirmwareFacts {
  id: number;
  model: string;
  version: string;
}

/**
 * The firmware catalogue per model: the newest file of each model (by `compareFirmwareVersions`,
 * the later upload on a tie). The console's own uploaded files define it.
 */
export function latestFirmwareByModel<F extends FirmwareFacts>(files: readonly F[]): Map<string, F> {
  const latest = new Map<string, F>();
  for (const f of files) {
    const cur = latest.get(f.model);
    if (
      !cur ||
      compareFirmwareVersions(f.version, cur.version) > 0 ||
      (compareFirmwareVersions(f.version, cur.version) === 0 && f.id > cur.id)
    )
      latest.set(f.model, f);
  }
  return latest;
}

/**
 * The newer firmware a device could run: the catalogue's latest for its model when newer than the
 * version it runs, else null (no file for the model, or it is up to date).
 */
export function newerFirmwareFor<F extends FirmwareFacts>(
  catalogue: ReadonlyMap<string, F>,
  device: { model: string | null; firmwareVersion: string | null },
): F | null {
  if (!device.model) return null;
  const latest = catalogue.get(device.model);
  return latest && isNewerFirmware(latest.version, device.firmwareVersion) ? latest : null;
}
