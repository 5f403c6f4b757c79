import type { AnalyticsEventInput } from '@netloom/domain';
import { storage } from '../../browser/storage';
import { AnalyticsQueue } from './queue';
import { uploadEvents } from './upload';

/** A random id (`crypto.randomUUID` exists only on secure pages; `getRandomValues` everywhere). */
function newId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** One page load of the console: the analytics `session_id`. */
const SESSION_ID = newId();

/** The page a path shows, ids replaced (`/devices/12/ports` → `/devices/:id/ports`), so pages group. */
export function pageOf(pathname: string): string {
  return pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
}

let queue: AnalyticsQueue | null = null;
let queueAccount: number | null = null;

/** The signed-in account's queue (one per tab; its state is the account's, in localStorage). */
export function queueFor(accountId: number): AnalyticsQueue {
  if (queue && queueAccount === accountId) return queue;
  queueAccount = accountId;
  queue = new AnalyticsQueue(
    {
      load: () => storage.getAnalyticsQueue(accountId),
      save: (s) => storage.setAnalyticsQueue(accountId, { ...s }),
    },
    (events) => uploadEvents(accountId, events),
    Date.now,
    // §7: a failure is logged; the events stay queued for the next try.
    (error) => console.warn('Analytics upload failed; the events are kept for the next try.', error),
  );
  return queue;
}

/**
 * Records one event of the signed-in console (a page view, a key action). Before the console has
 * an account (sign-in pages) nothing is recorded.
 */
export function trackEvent(
  eventId: string,
  params: AnalyticsEventInput['event_params'] = {},
  desc = '',
  pathname = window.location.pathname,
): void {
  if (!queue) return;
  const ms = Date.now();
  queue.add({
    event_id: eventId,
    event_second: Math.floor(ms / 1000),
    event_desc: desc,
    event_primarykey: newId(),
    event_page_path: pageOf(pathname),
    event_params: params,
    event_time_ms: ms,
    event_duration: 0,
    session_id: SESSION_ID,
  });
}

/** Uploads what is queued now (the console going idle or hidden). */
export function flushEvents(): void {
  void queue?.flush();
}
