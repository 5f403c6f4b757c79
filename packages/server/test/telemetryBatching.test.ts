import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sample } from '../src/features/telemetry/rollup';
import type { TelemetryStore } from '../src/features/telemetry/store';
import { TelemetryWriter } from '../src/features/telemetry/writer';
import { silent, TestClock } from './telemetry-fixtures';

// The telemetry writer's batching delay counts from a sample's arrival: what queues while a batch is
// being written goes as soon as that batch is done if it has waited `maxDelayMs` already.

const sample = (deviceId: number, ts: number): Sample => ({
  device_id: deviceId,
  projectId: 1,
  kind: 'ap',
  ts,
  tx_bytes: 0,
  rx_bytes: 0,
  tx_rate: 0,
  rx_rate: 0,
  clients: 0,
  cpu: null,
  memory: null,
});

describe('telemetry batching', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes what queued during a batch once that batch is done, not a whole delay later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const started: number[] = [];
    const releases: (() => void)[] = [];
    // A store whose transactions end when the test says (each batch is one transaction).
    const store = {
      transaction: async () => {
        started.push(Date.now());
        await new Promise<void>((resolve) => releases.push(resolve));
      },
    } as unknown as TelemetryStore;
    const writer = new TelemetryWriter(store, new TestClock(), silent, null, {
      maxRows: 1000,
      maxDelayMs: 50,
      tickIntervalMs: 0,
    });
    const t0 = Date.now();
    writer.add(sample(1, t0));
    await vi.advanceTimersByTimeAsync(50);
    expect(started.map((t) => t - t0)).toEqual([50]);
    // Queued 10 ms into the first batch, which takes 100 ms to commit.
    await vi.advanceTimersByTimeAsync(10);
    writer.add(sample(2, Date.now()));
    await vi.advanceTimersByTimeAsync(90);
    releases.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    // It had waited 90 ms (more than the 50 ms delay): written at once, at 150 ms, not at 200.
    expect(started.map((t) => t - t0)).toEqual([50, 150]);
    releases.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(writer.stats.committed).toBe(2);
  });
});
