/**
 * Error codes of scan-to-login (issue 14 §3) that §8 has none for: Netloom additions 540–541, listed
 * in `NETLOOM_ADDED_CODES`. The spec's own 3101–3103 (incorrect, used, expired) are in `account.ts`.
 */
export const SCAN_LOGIN_ERRORS = {
  /** The person refused the sign-in on their phone. */
  SCAN_LOGIN_REFUSED: { code: 540, message: 'The sign-in was refused on the phone.' },
  /** The desktop asked to sign in before the phone confirmed. */
  SCAN_LOGIN_NOT_CONFIRMED: { code: 541, message: 'Confirm the sign-in on your phone first.' },
} as const;
