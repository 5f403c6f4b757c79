/**
 * Error codes of configuration backup and restore (issue 13 §2) that §8 has none for: Netloom
 * additions, listed in `NETLOOM_ADDED_CODES`. The §8 ones (31 deleted, 33 restore point, 187 the
 * 3-minute interval) are in `device.ts`. Assembled into `ERR` by `catalogue.ts`.
 */
import { BACKUP_FILE_MAX_BYTES } from '../limits';

export const BACKUP_ERRORS = {
  BACKUP_OTHER_MODEL: {
    code: 485,
    message: 'A backup can be restored only to a device of the same model.',
  },
  BACKUP_FILE_INVALID: {
    code: 486,
    message: `The device sent no valid configuration file (at most ${BACKUP_FILE_MAX_BYTES / 1024} KB, with its SHA-256).`,
  },
  BACKUP_NOT_SYNCHRONISED: {
    code: 487,
    message: 'This backup has no configuration file yet: wait until it is synchronised, or back up again.',
  },
} as const;
