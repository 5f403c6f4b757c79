/**
 * Error codes of the activation statistics (issue 15 §2) that §8 has none for: Netloom addition
 * 505, listed in `NETLOOM_ADDED_CODES`. Assembled into `ERR` by `catalogue.ts`.
 */
import { ACTIVATION_RANGE_MAX_DAYS } from '../limits';

export const ACTIVATION_ERRORS = {
  /** The dashboard's dates: the start after the end, or more than ACTIVATION_RANGE_MAX_DAYS days. */
  ACTIVATION_RANGE_INVALID: {
    code: 505,
    message: `Choose a start date on or before the end date, at most ${ACTIVATION_RANGE_MAX_DAYS} days apart.`,
  },
} as const;
