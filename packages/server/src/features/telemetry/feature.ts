import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Db, WriteThread } from '../../db';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import { JobLeases, PeriodicSingleton } from '../../lib/singleton';
import type { LiveBus } from '../../live/bus';
import type { Devices } from '../devices';
import { TelemetryIngest } from './device';
import { DEFAULT_RETENTION_INTERVAL_MS, type HistoryPrune, RetentionJob } from './retention';
import type { Sample, SeriesRow } from './rollup';
import { DEFAULT_SAMPLE_MS, SeriesSampler } from './sampler';
import { type SeriesTable, TelemetryStore } from './store';
import {
  type BatchOptions,
  DEFAULT_BATCH,
  type HotStateSink,
  TelemetryWriter,
  type WriterStats,
} from './writer';

/** Adds rows into the project series inside the caller's own transaction (same upsert rules). */
export interface SeriesSink {
  upsertSeries(trx: Kysely<Database>, table: SeriesTable, rows: readonly SeriesRow[]): Promise<void>;
}

/** What other features (and tests) ask of telemetry. */
export interface Telemetry {
  /** The project series, for the features that feed one (client snapshots feed `client`). */
  readonly series: SeriesSink;
  /** Called after each committed batch of samples (the metrics feature's latency window). */
  onCommitted(fn: (samples: readonly Sample[]) => void): () => void;
  /** The writer's counters. */
  readonly stats: WriterStats;
  /** Commits every queued sample now. */
  flush(): Promise<void>;
  /** Takes one sample of every project's fleet into the series now (a timer does it periodically). */
  sampleNow(): Promise<void>;
  /**
   * Prunes another feature's history in every retention run, kept as long as the hourly rollups
   * (the clients' daily history): each feature deletes only its own rows.
   */
  onRetention(prune: HistoryPrune): void;
}

export interface TelemetryDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  bus: Pick<LiveBus, 'publish'>;
  /** The device plane's devices-row writer: latest rates and client counts go through it. */
  hotState: HotStateSink;
  /** Which devices still exist (a batch that failed on a device deleted while it was queued). */
  devices: Pick<Devices, 'projectsOf'>;
  /** Days of hourly rollups and daily client history kept (7/30/90/180). */
  retentionDays: number;
  /** How often the status charts' online/client counts are sampled (ms). */
  sampleIntervalMs?: number;
  batch?: Partial<BatchOptions>;
  /** The SQLite write thread: the sample batches are written there (none: on `db`). */
  writeThread?: WriteThread | null;
}

export interface TelemetryFeature extends Feature, Telemetry {
  /**
   * Claims this hour's retention slot across the nodes and prunes when this node won it (the timer
   * does it every hour; tests call it): true when the pruning ran here.
   */
  retentionTick(): Promise<boolean>;
}

/**
 * Telemetry: `telemetry` samples into raw rows and 5-minute/hourly rollups (one batched transaction),
 * the project series sampler and the retention job. No routes: monitoring reads what it writes.
 */
export function createTelemetryFeature(deps: TelemetryDeps): TelemetryFeature {
  const { db, clock, logger } = deps;
  const store = new TelemetryStore(db);
  const writer = new TelemetryWriter(
    store,
    clock,
    logger,
    deps.bus,
    { ...DEFAULT_BATCH, ...deps.batch },
    deps.hotState,
    deps.devices,
    deps.writeThread ?? null,
  );
  const sampler = new SeriesSampler(db, store, clock, logger, deps.sampleIntervalMs ?? DEFAULT_SAMPLE_MS);
  const retention = new RetentionJob(store, clock, logger, deps.retentionDays);
  // Once per hour across the cluster (job_leases), not once per node: the job's own timer is not
  // started; a node (re)starting mid-hour prunes only if no node has this hour yet.
  const retentionSlots = new PeriodicSingleton({
    job: 'telemetry.retention',
    intervalMs: DEFAULT_RETENTION_INTERVAL_MS,
    run: () => retention.runOnce(),
    leases: new JobLeases(db, clock),
    clock,
    logger,
  });
  const ingest = new TelemetryIngest(writer, sampler.meshSecondaries);
  return {
    name: 'telemetry',
    device: {
      telemetry: (ctx, d) => ingest.handleTelemetry(ctx, d),
      state: (ctx, d) => ingest.handleState(ctx, d),
      hello: (ctx, d) => ingest.handleHello(ctx, d),
    },
    start() {
      // The sampler runs on every node (it also refreshes this node's mesh roles; two nodes sampling
      // a bucket leave its averages unchanged, see sampler.ts).
      sampler.start();
      retentionSlots.start();
    },
    async stop() {
      await sampler.stop();
      await retentionSlots.stop();
      await retention.stop();
      await writer.stop();
    },
    series: store,
    onCommitted: (fn) => writer.onCommitted(fn),
    stats: writer.stats,
    flush: () => writer.flush(),
    sampleNow: () => sampler.runOnce(),
    onRetention: (prune) => retention.add(prune),
    retentionTick: () => retentionSlots.tick(),
  };
}
