/**
 * Error codes of the data screen (issue 12 §4; §5 "at most 5 countries on the data screen"). The
 * spec gives the rule but no code, so this is a Netloom addition, listed in `NETLOOM_ADDED_CODES`.
 * Assembled into `ERR` by `catalogue.ts`.
 */
import { DATA_SCREEN_MAX_COUNTRIES } from '../limits';

export const DATA_SCREEN_ERRORS = {
  DATA_SCREEN_TOO_MANY_COUNTRIES: {
    code: 475,
    message: `Choose at most ${DATA_SCREEN_MAX_COUNTRIES} countries.`,
  },
} as const;
