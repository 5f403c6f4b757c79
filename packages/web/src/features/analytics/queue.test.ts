import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_CHECK_MS,
  ANALYTICS_FLUSH_MS,
  ANALYTICS_MAX_EVENTS,
  ANALYTICS_QUEUE_MAX,
  type AnalyticsEventInput,
} from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { AnalyticsQueue, type QueueState, type QueueStore } from './queue';

class MemoryStore implements QueueStore {
  value: unknown = null;
  load(): unknown {
    return this.value;
  }
  // A copy of the list, as storage keeps its own: the queue must not rely on sharing it.
  save(state: QueueState): void {
    this.value = { ...state, events: [...state.events] };
  }
}

let seq = 0;
function event(): AnalyticsEventInput {
  seq += 1;
  return {
    event_id: 'page_view',
    event_second: seq,
    event_primarykey: `event-${String(seq).padStart(6, '0')}`,
    event_page_path: '/project/list',
    event_time_ms: seq * 1000,
    session_id: 's',
  };
}

function rig(fail = false) {
  let now = 1_000_000;
  const store = new MemoryStore();
  const uploads: AnalyticsEventInput[][] = [];
  const failures: unknown[] = [];
  const state = { fail };
  const queue = new AnalyticsQueue(
    store,
    async (events) => {
      uploads.push(events);
      if (state.fail) throw new Error('server down');
    },
    () => now,
    (e) => failures.push(e),
  );
  return {
    queue,
    store,
    uploads,
    failures,
    state,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const keys = (events: AnalyticsEventInput[]) => events.map((e) => e.event_primarykey);

describe('the analytics queue (§4)', () => {
  it(`uploads once ${ANALYTICS_BATCH_SIZE} are queued, at the next check`, async () => {
    const r = rig();
    for (let i = 0; i < ANALYTICS_BATCH_SIZE - 1; i++) r.queue.add(event());
    expect(await r.queue.tick()).toBe('nothing');
    r.queue.add(event());
    expect(await r.queue.tick()).toBe('uploaded');
    expect(r.uploads).toHaveLength(1);
    expect(r.uploads[0]).toHaveLength(ANALYTICS_BATCH_SIZE);
  });

  it(`uploads a few events ${ANALYTICS_FLUSH_MS / 1000} s after the last upload, not before`, async () => {
    const r = rig();
    r.queue.add(event());
    r.advance(ANALYTICS_FLUSH_MS - ANALYTICS_CHECK_MS);
    expect(await r.queue.tick()).toBe('nothing');
    r.advance(ANALYTICS_CHECK_MS);
    expect(await r.queue.tick()).toBe('uploaded');
    // Nothing queued: nothing to send, however long it waits.
    r.advance(ANALYTICS_FLUSH_MS * 3);
    expect(await r.queue.tick()).toBe('nothing');
    expect(r.uploads).toHaveLength(1);
  });

  it('clears the uploaded events on success, keeping those queued during the upload', async () => {
    const r = rig();
    const sent = Array.from({ length: ANALYTICS_BATCH_SIZE }, event);
    for (const e of sent) r.queue.add(e);
    const late = event();
    const flushing = r.queue.flush();
    r.queue.add(late);
    expect(await flushing).toBe('uploaded');
    expect(keys(r.uploads[0] ?? [])).toEqual(keys(sent));
    expect(keys(r.queue.state().events)).toEqual([late.event_primarykey]);
  });

  it('keeps every event on failure, retries at the next due check and then clears them', async () => {
    const r = rig(true);
    const queued = Array.from({ length: ANALYTICS_BATCH_SIZE }, event);
    for (const e of queued) r.queue.add(e);
    expect(await r.queue.tick()).toBe('failed');
    expect(r.failures).toHaveLength(1);
    expect(keys(r.queue.state().events)).toEqual(keys(queued));
    // A new queue over the same store (a reload) still has them.
    const reloaded = new AnalyticsQueue(
      r.store,
      async () => undefined,
      () => 0,
    );
    expect(keys(reloaded.state().events)).toEqual(keys(queued));

    r.state.fail = false;
    expect(await r.queue.tick()).toBe('uploaded');
    expect(r.uploads).toHaveLength(2);
    expect(keys(r.uploads[1] ?? [])).toEqual(keys(queued));
    expect(r.queue.state().events).toEqual([]);
  });

  it('waits after a failed upload like after an upload (no retry at every check) below a batch', async () => {
    const r = rig(true);
    r.queue.add(event());
    r.advance(ANALYTICS_FLUSH_MS);
    expect(await r.queue.tick()).toBe('failed');
    r.advance(ANALYTICS_CHECK_MS);
    expect(await r.queue.tick()).toBe('nothing');
    expect(r.uploads).toHaveLength(1);
  });

  it(`sends at most ${ANALYTICS_MAX_EVENTS} per upload and keeps at most ${ANALYTICS_QUEUE_MAX} (the oldest go)`, async () => {
    const r = rig(true);
    const all = Array.from({ length: ANALYTICS_QUEUE_MAX + 5 }, event);
    for (const e of all) r.queue.add(e);
    expect(keys(r.queue.state().events)).toEqual(keys(all.slice(5)));
    r.state.fail = false;
    await r.queue.flush();
    expect(r.uploads.at(-1)).toHaveLength(ANALYTICS_MAX_EVENTS);
    expect(r.queue.state().events).toHaveLength(ANALYTICS_QUEUE_MAX - ANALYTICS_MAX_EVENTS);
  });

  it('one upload at a time: a second flush while one runs joins it', async () => {
    const r = rig();
    r.queue.add(event());
    const [a, b] = await Promise.all([r.queue.flush(), r.queue.flush()]);
    expect([a, b]).toEqual(['uploaded', 'uploaded']);
    expect(r.uploads).toHaveLength(1);
  });

  it('reads a corrupt stored state as empty and drops stored events that no longer parse', () => {
    const r = rig();
    r.store.value = { events: [{ event_id: 'x' }, event()], lastUploadAt: 5 };
    expect(r.queue.state().events).toHaveLength(1);
    r.store.value = 'garbage';
    expect(r.queue.state().events).toEqual([]);
  });
});
