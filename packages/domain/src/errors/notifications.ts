/**
 * Error codes of the project notifications (issue 10 point 8; the spec has none — Netloom
 * additions, listed in `NETLOOM_ADDED_CODES`). Assembled into `ERR` by `catalogue.ts`.
 */
import { NOTIFY_CHANNELS_MAX } from '../limits';

export const NOTIFICATION_ERRORS = {
  NOTIFY_CHANNEL_LIMIT: {
    code: 450,
    message: `A project can have at most ${NOTIFY_CHANNELS_MAX} notification channels. Remove one first.`,
  },
  NOTIFY_CHANNEL_EXISTS: {
    code: 451,
    message: 'This address already receives the project’s notifications.',
  },
} as const;
