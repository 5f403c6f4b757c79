/**
 * Retention of telemetry, run periodically: raw samples ~48 h, 5-minute rollups 7 days, hourly
 * rollups and daily client history for the configured period (7/30/90/180 days).
 */
import type { Logger } from 'pino';
import { type Clock, dayInZone } from '../../lib/clock';
import type { TelemetryStore } from './store';

export const RAW_KEEP_MS = 48 * 3600_000;
export const FIVE_MINUTE_KEEP_MS = 7 * 86400_000;
export const DEFAULT_RETENTION_INTERVAL_MS = 3600_000;

export class RetentionJob {
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

  /** Prunes every tier now; returns the rows deleted per table. */
  async runOnce(): Promise<Record<string, number>> {
    if (this.running) return this.running;
    const now = this.clock.now();
    const hourlyCutoff = now - this.retentionDays * 86400_000;
    this.running = this.store
      .prune({
        raw: now - RAW_KEEP_MS,
        fiveMinute: now - FIVE_MINUTE_KEEP_MS,
        hourly: hourlyCutoff,
        // Days are local to each project; a day of slack keeps every zone's last full day.
        day: dayInZone(hourlyCutoff - 86400_000, 0),
      })
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
}
