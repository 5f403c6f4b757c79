/**
 * The telemetry feature: ingest (MQTT handlers), the batched writer with incremental rollups, the
 * periodic series sampler and the retention job. Constructing it does no I/O; `start` arms the
 * timers, `stop` flushes what is queued.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { DeviceGateway } from '../../gateway/types';
import type { Clock } from '../../lib/clock';
import { TelemetryIngest } from './device';
import { RetentionJob } from './retention';
import { DEFAULT_SAMPLE_MS, SeriesSampler } from './sampler';
import { TelemetryStore } from './store';
import {
  type BatchOptions,
  DEFAULT_BATCH,
  type HotStateSink,
  type LivePublisher,
  TelemetryWriter,
} from './writer';

export interface TelemetryOptions {
  retentionDays: number;
  /** The device plane's devices-row writer (see HotStateSink). */
  hotState?: HotStateSink | null;
  batch?: Partial<BatchOptions>;
  sampleIntervalMs?: number;
}

export class TelemetryFeature {
  readonly store: TelemetryStore;
  readonly writer: TelemetryWriter;
  readonly sampler: SeriesSampler;
  readonly retention: RetentionJob;
  readonly ingest: TelemetryIngest;

  constructor(
    db: Db,
    clock: Clock,
    logger: Logger,
    live: LivePublisher | null,
    private readonly gateway: Pick<DeviceGateway, 'onMessage'> | null,
    options: TelemetryOptions,
  ) {
    this.store = new TelemetryStore(db);
    this.writer = new TelemetryWriter(
      this.store,
      clock,
      logger,
      live,
      { ...DEFAULT_BATCH, ...options.batch },
      options.hotState ?? null,
    );
    this.sampler = new SeriesSampler(
      db,
      this.store,
      clock,
      logger,
      options.sampleIntervalMs ?? DEFAULT_SAMPLE_MS,
    );
    this.retention = new RetentionJob(this.store, clock, logger, options.retentionDays);
    this.ingest = new TelemetryIngest(this.writer, this.sampler.meshSecondaries);
  }

  /** Registers the MQTT handlers (before the gateway starts). */
  attach(): void {
    if (this.gateway) this.ingest.register(this.gateway);
  }

  /** Arms the periodic jobs. */
  start(): void {
    this.sampler.start();
    this.retention.start();
    void this.retention.runOnce();
  }

  async stop(): Promise<void> {
    await this.sampler.stop();
    await this.retention.stop();
    await this.writer.stop();
  }
}

export type { Sample } from './rollup';
export { TelemetryStore } from './store';
export { TelemetryWriter } from './writer';
