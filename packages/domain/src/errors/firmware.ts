/**
 * Error codes of firmware files and upgrades (issue 13 §1; §5 "firmware bin under 60 MB", §4
 * "failed to upgrade / failed to download"). The spec's table has no code for them, so these are
 * Netloom additions (480–484), listed in `NETLOOM_ADDED_CODES`. 915 (file does not match the model)
 * is the spec's own, in `device.ts`. Assembled into `ERR` by `catalogue.ts`.
 */
import { FIRMWARE_MAX_BYTES } from '../limits';

const BYTES_PER_MB = 1024 * 1024;

export const FIRMWARE_ERRORS = {
  FIRMWARE_FILE_TYPE: { code: 480, message: 'Choose a firmware file ending in .bin.' },
  FIRMWARE_TOO_LARGE: {
    code: 481,
    message: `Upload failed: firmware must be smaller than ${FIRMWARE_MAX_BYTES / BYTES_PER_MB} MB.`,
  },
  FIRMWARE_DOWNLOAD_FAILED: {
    code: 482,
    message: 'Failed to download the firmware. Check the device’s Internet connection and try again.',
  },
  FIRMWARE_HASH_MISMATCH: {
    code: 483,
    message: 'Failed to upgrade: the downloaded firmware did not pass its integrity check (SHA-256).',
  },
  FIRMWARE_UPGRADE_FAILED: {
    code: 484,
    message: 'Failed to upgrade: the device could not install the firmware. It keeps its current version.',
  },
} as const;
