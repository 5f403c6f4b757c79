import { API_KEYS_PER_ACCOUNT_MAX } from '../limits';

/** API keys (issue 14 §6): Netloom additions in the 580–599 range. */
export const API_KEY_ERRORS = {
  /** Netloom addition: the account holds the most keys it may have at once. */
  API_KEY_LIMIT: {
    code: 580,
    message: `You already have ${API_KEYS_PER_ACCOUNT_MAX} API keys. Revoke one before creating another.`,
  },
} as const;
