/**
 * The analytics upload's body (spec §3 "Analytics event/user/header", §7 the upload call): the JSON
 * an app gzips and posts to `ANALYTICS_UPLOAD_PATH`. Field names are the spec's (snake_case), so an
 * app written against the spec sends them as they are.
 */
import { z } from 'zod';
import {
  ANALYTICS_EVENT_TIME_MAX_MS,
  ANALYTICS_KEY_MAX_LENGTH,
  ANALYTICS_KEY_MIN_LENGTH,
  ANALYTICS_MAX_EVENTS,
  ANALYTICS_PARAMS_MAX_KEYS,
  ANALYTICS_PATH_MAX_LENGTH,
  ANALYTICS_TEXT_MAX_LENGTH,
} from '../limits';

const text = z.string().max(ANALYTICS_TEXT_MAX_LENGTH);
const whole = z.number().int().min(0);
const instant = whole.max(ANALYTICS_EVENT_TIME_MAX_MS);
const paramValue = z.union([text, z.number(), z.boolean(), z.null()]);

/** One event. `event_primarykey` is its idempotency key: an event sent twice is stored once. */
export const analyticsEventSchema = z.object({
  /** What happened, a short name: `page_view`, `project_switch`, … */
  event_id: text.min(1),
  /** When, in whole seconds since the epoch. */
  event_second: instant,
  event_desc: text.default(''),
  /** The app's unique key of this event (a UUID): letters, digits, `-` and `_`. */
  event_primarykey: z
    .string()
    .min(ANALYTICS_KEY_MIN_LENGTH)
    .max(ANALYTICS_KEY_MAX_LENGTH)
    .regex(/^[A-Za-z0-9_-]+$/),
  /** The page (route) it happened on, e.g. `/project/list`. */
  event_page_path: z.string().max(ANALYTICS_PATH_MAX_LENGTH).default(''),
  event_params: z
    .record(z.string().max(ANALYTICS_TEXT_MAX_LENGTH), paramValue)
    .refine((p) => Object.keys(p).length <= ANALYTICS_PARAMS_MAX_KEYS, {
      message: `At most ${ANALYTICS_PARAMS_MAX_KEYS} parameters`,
    })
    .default({}),
  /** When, in milliseconds since the epoch (the day of the data pivot is its UTC day). */
  event_time_ms: instant,
  /** How long it lasted in milliseconds (0: an instant). */
  event_duration: whole.default(0),
  /** The app's session (one page load of the console). */
  session_id: text.default(''),
});
export type AnalyticsEvent = z.output<typeof analyticsEventSchema>;
export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>;

/** Who. The server attributes events to the terminal's account, not to these claims. */
export const analyticsUserSchema = z.object({
  user_id: text.default(''),
  device_id: text.default(''),
  email: text.nullable().default(null),
  phone: text.nullable().default(null),
});
export type AnalyticsUser = z.output<typeof analyticsUserSchema>;

/** The app and its surroundings; other string fields are accepted ("and others") and ignored. */
export const analyticsHeaderSchema = z
  .object({
    app_ver: text.min(1),
    channel_type: text.default(''),
    language: text.default(''),
    os_model: text.default(''),
    os_ver: text.default(''),
    platform: text.default(''),
    timezone: text.default(''),
    browser: text.default(''),
    browser_version: text.default(''),
    referrer_page: z.string().max(ANALYTICS_PATH_MAX_LENGTH).default(''),
    referrer_host: text.default(''),
  })
  .catchall(paramValue);
export type AnalyticsHeader = z.output<typeof analyticsHeaderSchema>;

/** The whole (inflated) body. More than `ANALYTICS_MAX_EVENTS` events is refused with its own code. */
export const analyticsUploadSchema = z.object({
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_MAX_EVENTS),
  user: analyticsUserSchema,
  header: analyticsHeaderSchema,
});
export type AnalyticsUpload = z.output<typeof analyticsUploadSchema>;
export type AnalyticsUploadInput = z.input<typeof analyticsUploadSchema>;

/** What a successful upload answers (in the `{ code: 0, data }` envelope). */
export const analyticsUploadResultSchema = z.object({
  /** Events stored by this upload. */
  stored: z.number().int(),
  /** Events already stored by an earlier upload (same `event_primarykey`): skipped. */
  duplicates: z.number().int(),
});
export type AnalyticsUploadResult = z.infer<typeof analyticsUploadResultSchema>;
