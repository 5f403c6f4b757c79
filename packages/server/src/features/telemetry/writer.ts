/**
 * The telemetry write path: samples queue in memory and are committed in batches (at most 1,000
 * samples or 250 ms per transaction). One transaction writes the raw rows, adds them into the
 * per-device 5-minute and hourly rollups and the project series, and stores each device's latest
 * rates and client count. Nothing on the hot path does a SQL round trip per message.
 */
import type { LiveEvent } from '@netloom/domain';
import type { Logger } from 'pino';
import type { WriteThread } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Devices } from '../devices';
import { latestPerDevice, TELEMETRY_BATCH, writeTelemetryBatch } from './batchWrite';
import type { Sample } from './rollup';
import type { TelemetryStore } from './store';

export interface BatchOptions {
  /** Flush when this many samples are queued. */
  maxRows: number;
  /** Flush at most this long after the first queued sample. */
  maxDelayMs: number;
  /** Publish `telemetry.tick` at most this often per project. */
  tickIntervalMs: number;
}
// 50 ms leaves most of the 250 ms publish→committed p99 budget to the queueing of a loaded node: a
// commit costs no fsync and no checkpoint on the event loop (db/index.ts), so twenty a second are cheap.
export const DEFAULT_BATCH: BatchOptions = { maxRows: 1000, maxDelayMs: 50, tickIntervalMs: 5000 };

export interface LivePublisher {
  publish(e: LiveEvent): void;
}

/**
 * Where the devices' latest rates and client counts go. With the device plane present this is its
 * batched devices-row writer (one stream of `devices` writes, no lock-order races between two
 * writers); without it (tests of this feature alone) the writer updates the rows itself.
 */
export interface HotStateSink {
  patch(deviceId: number, patch: { tx_rate: number; rx_rate: number; clients: number }): void;
}

export interface WriterStats {
  queued: number;
  committed: number;
  batches: number;
  failedBatches: number;
  /** Commit latency of the last batch (first sample queued → committed), ms. */
  lastLatencyMs: number;
}

export class TelemetryWriter {
  private queue: Sample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private firstQueuedAt = 0;
  private readonly lastTick = new Map<number, number>();
  private readonly committedListeners = new Set<(samples: readonly Sample[]) => void>();
  readonly stats: WriterStats = { queued: 0, committed: 0, batches: 0, failedBatches: 0, lastLatencyMs: 0 };

  constructor(
    private readonly store: TelemetryStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly live: LivePublisher | null,
    private readonly options: BatchOptions = DEFAULT_BATCH,
    private readonly hot: HotStateSink | null = null,
    /** Which devices still exist, for the retry of a failed batch (none: retried as it is). */
    private readonly devices: Pick<Devices, 'projectsOf'> | null = null,
    /** The SQLite write thread, where the batches run when there is one (and a hot-state sink). */
    private readonly thread: WriteThread | null = null,
  ) {}

  add(sample: Sample): void {
    if (this.queue.length === 0) this.firstQueuedAt = Date.now();
    this.queue.push(sample);
    this.stats.queued = this.queue.length;
    // While a batch is being written, the end of that flush picks up what queued meanwhile.
    if (this.flushing) return;
    if (this.queue.length >= this.options.maxRows) void this.flushBatch();
    else if (!this.timer) this.timer = setTimeout(() => void this.flushBatch(), this.options.maxDelayMs);
  }

  /** Called after each committed batch (tests, benchmarks). */
  onCommitted(fn: (samples: readonly Sample[]) => void): () => void {
    this.committedListeners.add(fn);
    return () => this.committedListeners.delete(fn);
  }

  /** Commits everything queued now (and waits for a batch already being written). */
  async flush(): Promise<void> {
    do await this.flushBatch();
    while (this.queue.length > 0);
  }

  /** One transaction of at most `maxRows` samples; what remains is scheduled. */
  private async flushBatch(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    // One writer at a time: batches commit in order, and a slow commit lets the next one grow.
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.options.maxRows);
    const startedAt = this.firstQueuedAt;
    this.firstQueuedAt = Date.now();
    this.stats.queued = this.queue.length;
    this.flushing = this.write(batch, startedAt).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
    if (this.queue.length >= this.options.maxRows) await this.flushBatch();
    else if (this.queue.length > 0 && !this.timer) {
      // What queued while this batch was written has waited already: `maxDelayMs` counts from its
      // first sample, not from now (it waited for the batch and then the whole delay again).
      const due = this.firstQueuedAt + this.options.maxDelayMs - Date.now();
      this.timer = setTimeout(() => void this.flushBatch(), Math.max(0, due));
    }
  }

  private async write(batch: Sample[], startedAt: number, retry = true): Promise<void> {
    try {
      if (this.thread && this.hot) await this.thread.run(TELEMETRY_BATCH, batch);
      else await writeTelemetryBatch(this.store, batch, !this.hot);
      if (this.hot) {
        for (const r of latestPerDevice(batch))
          this.hot.patch(r.deviceId, { tx_rate: r.txRate, rx_rate: r.rxRate, clients: r.clients });
      }
      this.stats.committed += batch.length;
      this.stats.batches += 1;
      this.stats.lastLatencyMs = Date.now() - startedAt;
      for (const fn of this.committedListeners) fn(batch);
      this.tick(batch);
    } catch (err) {
      // Retry once: without the devices deleted while their samples were queued (a foreign-key
      // failure), or as is after a transient failure (e.g. a PostgreSQL serialization abort).
      // Then the batch is dropped, not retried forever: telemetry is superseded by the next sample.
      if (retry) {
        const kept = await this.withoutDeleted(batch).catch(() => batch);
        return this.write(kept, startedAt, false);
      }
      this.stats.failedBatches += 1;
      this.logger.error({ err, rows: batch.length }, 'telemetry batch failed');
    }
  }

  /** The samples whose device still exists (after a batch failed on a deleted device). */
  private async withoutDeleted(batch: Sample[]): Promise<Sample[]> {
    if (!this.devices) return batch;
    const existing = await this.devices.projectsOf(batch.map((s) => s.device_id));
    return batch.filter((s) => existing.has(s.device_id));
  }

  private tick(batch: readonly Sample[]): void {
    if (!this.live) return;
    const now = this.clock.now();
    const projects = new Set(batch.map((s) => s.projectId));
    for (const projectId of projects) {
      const last = this.lastTick.get(projectId) ?? Number.NEGATIVE_INFINITY;
      if (now - last < this.options.tickIntervalMs) continue;
      this.lastTick.set(projectId, now);
      this.live.publish({ type: 'telemetry.tick', projectId, at: now });
    }
  }

  async stop(): Promise<void> {
    await this.flush();
  }
}
