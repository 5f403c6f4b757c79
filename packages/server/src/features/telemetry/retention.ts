/**
 * Retention of telemetry, run periodically: raw samples ~48 h, 5-minute rollups 7 days, hourly
 * rollups for the configured period (7/30/90/180 days) — and, in the same run, the history other
 * features keep as long (the clients' daily history): each prunes its own tables (`add`).
 */
import type { Logger } from 'pino';
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
  day: string;
}

/** A feature's pruning of its own history, run with telemetry's; the rows deleted per table. */
export type HistoryPrune = (cutoffs: RetentionCutoffs) => Promise<Record<string, number>>;

export class RetentionJob {
  private readonly prunes: HistoryPrune[] = [];

  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Record<string, number>> | null = null;

  constructor(
    private readonly store: TelemetryStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly retentionDays: number,
    private readonly intervalMs = DEFAULT_RETENTION_INTERVAL_MS,
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
      // Days are local to each project; a day of slack keeps every zone's last full day.
      day: utcDay(hourlyCutoff - 86400_000),
    };
    this.running = this.pruneAll(cutoffs)
      .then((deleted) => {
        this.logger.debug({ deleted }, 'telemetry retention');
        return deleted;
      })
      .catch((err) => {
        this.logger.error({ err }, 'telemetry retention failed');
        return {};
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async pruneAll(cutoffs: RetentionCutoffs): Promise<Record<string, number>> {
    const deleted = await this.store.prune(cutoffs);
    for (const prune of this.prunes) Object.assign(deleted, await prune(cutoffs));
    return deleted;
  }
}
