import type { QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidationBatch } from './invalidation';

describe('live invalidations are batched by how soon a person needs them', () => {
  let flushed: QueryKey[][];
  let batch: InvalidationBatch;
  beforeEach(() => {
    vi.useFakeTimers();
    flushed = [];
    batch = new InvalidationBatch((keys) => flushed.push(keys));
  });
  afterEach(() => {
    batch.cancel();
    vi.useRealTimers();
  });

  it('a burst of status changes refetches once, 0.8 s after the first', () => {
    batch.add('device.status', [['devices', 4]]);
    vi.advanceTimersByTime(500);
    batch.add('device.status', [['devices', 4]]);
    batch.add('config.status', [['config', 4]]);
    vi.advanceTimersByTime(299);
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushed).toEqual([
      [
        ['devices', 4],
        ['config', 4],
      ],
    ]);
  });

  it('reports that change all the time refetch at most every 4 s', () => {
    for (let s = 0; s < 8; s += 1) {
      batch.add('device.updated', [['devices', 4]]);
      batch.add('telemetry.tick', [['status', 4]]);
      vi.advanceTimersByTime(1_000);
    }
    // Eight seconds of reports a second apart: two refreshes, not eight.
    expect(flushed).toEqual([
      [
        ['devices', 4],
        ['status', 4],
      ],
      [
        ['devices', 4],
        ['status', 4],
      ],
    ]);
  });

  it('a prompt event brings the pending ambient refresh forward with it', () => {
    batch.add('clients.changed', [['clients', 4]]);
    vi.advanceTimersByTime(1_000);
    batch.add('alarms.changed', [['overview', 4]]);
    vi.advanceTimersByTime(800);
    expect(flushed).toEqual([
      [
        ['clients', 4],
        ['overview', 4],
      ],
    ]);
    vi.advanceTimersByTime(10_000);
    expect(flushed).toHaveLength(1);
  });

  it('an event no feature refreshes for schedules nothing; cancel drops what is pending', () => {
    batch.add('device.pending', []);
    batch.add('device.updated', [['devices', 4]]);
    batch.cancel();
    vi.advanceTimersByTime(10_000);
    expect(flushed).toEqual([]);
  });
});
