/**
 * Error codes of the client blacklist (issue 15 §4) that §8 has none for: Netloom additions 500–501,
 * listed in `NETLOOM_ADDED_CODES`. §8's own 156 (more than 100 entries) is in `wireless.ts`.
 * Assembled into `ERR` by `catalogue.ts`.
 */
export const BLACKLIST_ERRORS = {
  BLACKLIST_ENTRY_EXISTS: { code: 500, message: 'This client is already on the blacklist.' },
  BLACKLIST_ENTRY_NOT_FOUND: { code: 501, message: 'This client is not on the blacklist.' },
} as const;
