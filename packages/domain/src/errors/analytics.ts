/**
 * Error codes of the analytics upload (issue 15 §3, `POST /upload/app-data/v2`) that §8 has none
 * for: Netloom additions 510–516, listed in `NETLOOM_ADDED_CODES`. Assembled into `ERR` by `catalogue.ts`.
 */
export const ANALYTICS_ERRORS = {
  ANALYTICS_TERMINAL_UNKNOWN: {
    code: 510,
    message: 'Unknown analytics terminal, or its sign-in has ended: ask for a new terminal key.',
  },
  ANALYTICS_BAD_SIGNATURE: { code: 511, message: 'The analytics upload signature is not valid.' },
  ANALYTICS_STALE_TIMESTAMP: {
    code: 512,
    message: "The analytics upload's timestamp is missing or too far from the server's clock.",
  },
  ANALYTICS_TOO_LARGE: { code: 513, message: 'The analytics upload is too large.' },
  ANALYTICS_MALFORMED: { code: 514, message: 'The analytics upload is not valid gzip-compressed JSON.' },
  ANALYTICS_TOO_MANY_EVENTS: { code: 515, message: 'Too many events in one analytics upload.' },
  ANALYTICS_CONTENT_TYPE: {
    code: 516,
    message: 'An analytics upload must be sent as application/gzip.',
  },
} as const;
