/**
 * The client-snapshot write path. A snapshot replaces its device's rows; when devices report faster
 * than one transaction commits, snapshots queue (the newest per device wins) and are written
 * together: one transaction per batch (≤ 250 ms or ~1,000 client rows), a few statements each.
 * Each batch also adds per-client traffic into `client_days` and the project's `client` series, and
 * opens and closes the clients' connections (`client_sessions`, traceback) as the tables change.
 */

import type { Logger } from 'pino';
import type { WriteThread } from '../../db';
import type { Clock } from '../../lib/clock';
import type { LiveBus } from '../../live/bus';
import type { Devices } from '../devices';
import type { Projects } from '../projects';
import type { SeriesSink } from '../telemetry';
import { SNAPSHOT_BATCH, type SnapshotBatch, writeSnapshotBatch } from './batchWrite';
import type { Snapshot } from './fold';
import type { ClientStore } from './store';

export { fold, type Snapshot } from './fold';

export interface SnapshotBatchOptions {
  maxRows: number;
  maxDelayMs: number;
  /** `clients.changed` for a device whose client set did not change: at most this often. */
  unchangedEventMs: number;
}
export const DEFAULT_SNAPSHOT_BATCH: SnapshotBatchOptions = {
  maxRows: 1000,
  maxDelayMs: 250,
  unchangedEventMs: 30_000,
};

const TZ_TTL_MS = 10 * 60_000;

/** What the writer asks other features. */
export interface SnapshotLookups {
  /** Projects' time zones: the local day a client's traffic counts in. */
  projects: Pick<Projects, 'settingsOf'>;
  /** Which devices still exist (after a batch failed on a device deleted while it was queued). */
  devices: Pick<Devices, 'projectsOf'>;
}

export class ClientSnapshotWriter {
  private pending = new Map<number, Snapshot>();
  private pendingRows = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly zones = new Map<number, { tz: string; at: number }>();
  private readonly lastEvent = new Map<number, number>();
  failedBatches = 0;

  constructor(
    private readonly store: ClientStore,
    private readonly series: SeriesSink,
    private readonly lookups: SnapshotLookups,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly live: Pick<LiveBus, 'publish'> | null,
    private readonly options: SnapshotBatchOptions = DEFAULT_SNAPSHOT_BATCH,
    /** The SQLite write thread, where the batches run when there is one. */
    private readonly thread: WriteThread | null = null,
  ) {}

  add(s: Snapshot): void {
    const prev = this.pending.get(s.deviceId);
    this.pendingRows += s.clients.length - (prev?.clients.length ?? 0);
    this.pending.set(s.deviceId, s);
    // While a batch is being written, the end of that flush picks up what queued meanwhile.
    if (this.flushing) return;
    if (this.pendingRows >= this.options.maxRows) void this.flushBatch();
    else if (!this.timer) this.timer = setTimeout(() => void this.flushBatch(), this.options.maxDelayMs);
  }

  /** Writes everything queued now (and waits for a batch already being written). */
  async flush(): Promise<void> {
    do await this.flushBatch();
    while (this.pending.size > 0);
  }

  /** One transaction of about `maxRows` client rows; what remains is scheduled. */
  private async flushBatch(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    // Oldest devices first, about `maxRows` client rows per transaction (at least one device).
    const batch: Snapshot[] = [];
    let rows = 0;
    for (const [deviceId, snap] of this.pending) {
      if (batch.length > 0 && rows + snap.clients.length > this.options.maxRows) break;
      batch.push(snap);
      rows += snap.clients.length;
      this.pending.delete(deviceId);
    }
    this.pendingRows -= rows;
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
    if (this.pendingRows >= this.options.maxRows || this.pending.size > this.options.maxRows)
      await this.flushBatch();
    else if (this.pending.size > 0 && !this.timer)
      this.timer = setTimeout(() => void this.flushBatch(), this.options.maxDelayMs);
  }

  async stop(): Promise<void> {
    await this.flush();
  }

  private async write(batch: Snapshot[], retry = true): Promise<void> {
    try {
      const zones = await this.timeZones(batch);
      const input: SnapshotBatch = { snapshots: batch, zones: [...zones] };
      const changed = new Set(
        this.thread
          ? await this.thread.run(SNAPSHOT_BATCH, input)
          : await writeSnapshotBatch(this.store, this.series, input),
      );
      this.publish(batch, changed);
    } catch (err) {
      // Retry once, without devices deleted meanwhile (foreign key) or as is (transient failure).
      if (retry) {
        const existing = await this.lookups.devices
          .projectsOf(batch.map((s) => s.deviceId))
          .catch(() => null);
        return this.write(existing ? batch.filter((s) => existing.has(s.deviceId)) : batch, false);
      }

      this.failedBatches += 1;
      this.logger.error({ err, devices: batch.length }, 'client snapshot batch failed');
    }
  }

  private publish(batch: readonly Snapshot[], changed: ReadonlySet<number>): void {
    if (!this.live) return;
    const now = this.clock.now();
    for (const s of batch) {
      const last = this.lastEvent.get(s.deviceId) ?? Number.NEGATIVE_INFINITY;
      if (!changed.has(s.deviceId) && now - last < this.options.unchangedEventMs) continue;
      this.lastEvent.set(s.deviceId, now);
      this.live.publish({ type: 'clients.changed', projectId: s.projectId, deviceId: s.deviceId });
    }
  }

  private async timeZones(batch: readonly Snapshot[]): Promise<Map<number, string>> {
    const now = this.clock.now();
    const missing = [...new Set(batch.map((s) => s.projectId))].filter((id) => {
      const z = this.zones.get(id);
      return !z || now - z.at > TZ_TTL_MS;
    });
    if (missing.length > 0) {
      for (const [id, p] of await this.lookups.projects.settingsOf(missing))
        this.zones.set(id, { tz: p.timeZone, at: now });
    }
    return new Map([...this.zones].map(([id, z]) => [id, z.tz]));
  }
}
