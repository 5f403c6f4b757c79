import {
  ANALYTICS_MAX_EVENTS,
  ANALYTICS_QUEUE_MAX,
  type AnalyticsEventInput,
  analyticsFlushDue,
} from '@netloom/domain';
import { z } from 'zod';

/** What the queue keeps per account: the events not uploaded yet and when it last uploaded (or tried). */
export interface QueueState {
  events: AnalyticsEventInput[];
  lastUploadAt: number;
}

/** Where the state lives (localStorage per account in the console; a map in tests). */
export interface QueueStore {
  load(): unknown;
  save(state: QueueState): void;
}

export type Uploader = (events: AnalyticsEventInput[]) => Promise<void>;

const stateSchema = z.object({
  events: z.array(z.unknown()),
  lastUploadAt: z.number(),
});

/**
 * A stored event still has the shape this build writes (a light check at every read: the server
 * checks every field, and a full parse of a long queue at each event would be slow).
 */
function isEvent(e: unknown): e is AnalyticsEventInput {
  if (typeof e !== 'object' || e === null) return false;
  const v = e as Record<string, unknown>;
  return (
    typeof v.event_primarykey === 'string' &&
    typeof v.event_id === 'string' &&
    typeof v.event_time_ms === 'number' &&
    typeof v.event_second === 'number'
  );
}

/** Reads a stored state: events that no longer parse are dropped, a corrupt state is empty. */
function parseState(raw: unknown, now: number): QueueState {
  const r = stateSchema.safeParse(raw);
  if (!r.success) return { events: [], lastUploadAt: now };
  const events = r.data.events.filter(isEvent);
  return { events, lastUploadAt: r.data.lastUploadAt };
}

export type FlushOutcome = 'uploaded' | 'failed' | 'nothing';

/**
 * The analytics queue of one account (§4): events are kept (persisted at each change, so they
 * survive a reload and are shared by the account's tabs), uploaded when `ANALYTICS_BATCH_SIZE` are
 * queued or `ANALYTICS_FLUSH_MS` after the last upload — the caller ticks it every
 * `ANALYTICS_CHECK_MS`. A success removes the uploaded events (not ones queued meanwhile); a
 * failure keeps them for the next try, which waits like an upload does (no retry storm). Every step
 * reads the stored state first, so two tabs never overwrite each other's events; a batch both
 * upload is stored once by the server (each event's `event_primarykey`).
 */
export class AnalyticsQueue {
  private inFlight: Promise<FlushOutcome> | null = null;

  constructor(
    private readonly store: QueueStore,
    private readonly upload: Uploader,
    private readonly now: () => number = Date.now,
    private readonly onFailure: (error: unknown) => void = () => undefined,
  ) {
    if (store.load() === null) store.save({ events: [], lastUploadAt: now() });
  }

  state(): QueueState {
    return parseState(this.store.load(), this.now());
  }

  add(event: AnalyticsEventInput): void {
    const s = this.state();
    const events = [...s.events, event].slice(-ANALYTICS_QUEUE_MAX);
    this.store.save({ ...s, events });
  }

  due(): boolean {
    const s = this.state();
    return analyticsFlushDue(s.events.length, s.lastUploadAt, this.now());
  }

  /** The periodic check: uploads when due. */
  tick(): Promise<FlushOutcome> {
    return this.due() ? this.flush() : Promise.resolve('nothing');
  }

  /** Uploads the oldest events (at most one upload's worth) now, whatever the timing. */
  flush(): Promise<FlushOutcome> {
    this.inFlight ??= this.send().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async send(): Promise<FlushOutcome> {
    const batch = this.state().events.slice(0, ANALYTICS_MAX_EVENTS);
    if (batch.length === 0) return 'nothing';
    try {
      await this.upload(batch);
    } catch (error) {
      this.store.save({ ...this.state(), lastUploadAt: this.now() });
      this.onFailure(error);
      return 'failed';
    }
    const sent = new Set(batch.map((e) => e.event_primarykey));
    const s = this.state();
    this.store.save({
      events: s.events.filter((e) => !sent.has(e.event_primarykey)),
      lastUploadAt: this.now(),
    });
    return 'uploaded';
  }
}
