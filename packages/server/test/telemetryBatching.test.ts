import { describe, expect, it } from 'vitest';
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

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
};

describe('telemetry batching', () => {
  it('writes what queued during a batch once that batch is done, not a whole delay later', async () => {
    // A long delay, so "at once" and "a whole delay later" cannot be mistaken on a busy machine.
    const DELAY = 1500;
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
      maxDelayMs: DELAY,
      tickIntervalMs: 0,
    });
    writer.add(sample(1, Date.now()));
    await until(() => started.length === 1);
    // Queued while the first batch is written, which takes longer than the delay to commit.
    const queuedAt = Date.now();
    writer.add(sample(2, queuedAt));
    await until(() => Date.now() - queuedAt > DELAY);
    const released = Date.now();
    releases.shift()?.();
    await until(() => started.length === 2);
    // It had waited the whole delay already: written at once, not another DELAY ms after the first.
    expect((started[1] ?? 0) - released).toBeLessThan(DELAY / 2);
    releases.shift()?.();
    await until(() => writer.stats.committed === 2);
  });
});
