/**
 * How long stored analytics events are kept (docs/decisions.md "Retention" of analytics): events of
 * an older UTC day are deleted by the server's retention run in bounded batches. The server's
 * `ANALYTICS_RETENTION_DAYS` option chooses within these bounds.
 */

/** Days of analytics events kept by default: a year and a month, so a year-on-year pivot works. */
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 400;
export const ANALYTICS_RETENTION_MIN_DAYS = 1;
/** Ten years: longer is no retention at all. */
export const ANALYTICS_RETENTION_MAX_DAYS = 3650;
