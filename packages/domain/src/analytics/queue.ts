/**
 * When an app uploads its queued analytics events (§4, §9): once `ANALYTICS_BATCH_SIZE` are queued,
 * or when `ANALYTICS_FLUSH_MS` have passed since the last upload (checked every
 * `ANALYTICS_CHECK_MS`) and anything is queued.
 */
import { ANALYTICS_BATCH_SIZE, ANALYTICS_FLUSH_MS } from '../limits';

export function analyticsFlushDue(queued: number, lastUploadAt: number, now: number): boolean {
  if (queued === 0) return false;
  return queued >= ANALYTICS_BATCH_SIZE || now - lastUploadAt >= ANALYTICS_FLUSH_MS;
}
