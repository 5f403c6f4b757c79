/**
 * Retention of telemetry, run periodically: raw samples ~48 h, 5-minute rollups 7 days, hourly
 * rollups for the configured period (7/30/90/180 days) — and, in the same run, the history other
 * features keep as long (the clients' daily history, device events and alarms, the change log):
 * each prunes its own tables (`add`). Every delete is bounded (`db/prune.ts`: at most `batchRows`
 * rows per statement, one short transaction each, the event loop free between them, a row budget
 * per run), so SQLite never holds its write lock for long and a backlog goes over several batches.
 */
import type { Logger } from 'pino';
import { DEFAULT_PRUNE_LIMITS, PruneBatches, type PruneLimits, type PruneStats } from '../../db/prune';
import { type Clock, utcDay } from '../../lib/clock';
import type { TelemetryStore } from './store';

export const RAW_KEEP_MS = 48 * 3600_000;
export const FIVE_MINUTE_KEEP_MS = 7 * 86400_000;
export const DEFAULT_RETENTION_INTERVAL_MS = 3600_000;

/** Where a run cuts: everything older goes (`day`: a local date, with a day of slack for the zones). */
export interface RetentionCutoffs {
  raw: number;
  fiveMinute: number;
  hourly: number;
  /** Events, alarms and the change log: the same period as the hourly rollups (§9 log retention). */
  log: number;
  day: string;
}

/**
 * A feature's pruning of its own history, run with telemetry's, through the run's bounded batches;
 * the rows deleted per table.
 */
export type HistoryPrune = (
  cutoffs: RetentionCutoffs,
  batches: PruneBatches,
) => Promise<Record<string, number>>;

export class RetentionJob {
  private readonly prunes: HistoryPrune[] = [];

  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Record<string, number>> | null = null;
  /** The last run's batches: how many, the longest, whether it stopped at its budget. */
  lastStats: PruneStats | null = null;

  constructor(
    private readonly store: TelemetryStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly retentionDays: number,
    private readonly intervalMs = DEFAULT_RETENTION_INTERVAL_MS,
    private readonly limits: PruneLimits = DEFAULT_PRUNE_LIMITS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Prunes another feature's history in every run, after telemetry's own tables. */
  add(prune: HistoryPrune): void {
    this.prunes.push(prune);
  }

  /** Prunes every tier now; returns the rows deleted per table. */
  async runOnce(): Promise<Record<string, number>> {
    if (this.running) return this.running;
    const now = this.clock.now();
    const hourlyCutoff = now - this.retentionDays * 86400_000;
    const cutoffs: RetentionCutoffs = {
      raw: now - RAW_KEEP_MS,
      fiveMinute: now - FIVE_MINUTE_KEEP_MS,
      hourly: hourlyCutoff,
      log: hourlyCutoff,
      // Days are local to each project; a day of slack keeps every zone's last full day.
      day: utcDay(hourlyCutoff - 86400_000),
    };
    const batches = new PruneBatches(this.store.db, this.limits);
    const started = performance.now();
    this.running = this.pruneAll(cutoffs, batches)
      .then((deleted) => {
        this.lastStats = batches.stats;
        const { batches: n, rows, longestBatchMs, truncated } = batches.stats;
        const ms = Math.round(performance.now() - started);
        const fields = { deleted, batches: n, rows, longestBatchMs: Math.round(longestBatchMs), ms };
        if (truncated)
          this.logger.warn(fields, 'retention stopped at its row budget; the rest goes next run');
        else if (rows > 0) this.logger.info(fields, 'retention');
        else this.logger.debug(fields, 'retention');
        return deleted;
      })
      .catch((err) => {
        this.logger.error({ err }, 'retention failed');
        return {};
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async pruneAll(cutoffs: RetentionCutoffs, batches: PruneBatches): Promise<Record<string, number>> {
    const deleted = await this.store.prune(cutoffs, batches);
    for (const prune of this.prunes) Object.assign(deleted, await prune(cutoffs, batches));
    return deleted;
  }
}
