import type { Logger } from 'pino';

/** Remember this many keys before starting over (bounds memory when every line has a new key). */
const DEFAULT_MEMORY = 10_000;

interface Entry {
  /** When this key last wrote a line (monotonic ms). */
  at: number;
  /** Lines not written for this key since then. */
  suppressed: number;
}

/**
 * Warn lines at most once per key (a device, an address) per interval: the first goes out at once,
 * the others are counted, and the next line written for that key carries `suppressed: n`. A device
 * misbehaving 500 times a second costs one line a minute, not 500; the count keeps the size of it.
 * Time is monotonic (performance.now) so a moved wall clock cannot silence or unleash the log.
 */
export class ThrottledLog {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs: number,
    private readonly memory = DEFAULT_MEMORY,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Writes `msg` at warn unless `key` wrote a line within the interval. True when it wrote. */
  warn(key: string, fields: Record<string, unknown>, msg: string): boolean {
    const t = this.now();
    const entry = this.entries.get(key);
    if (entry && t - entry.at < this.intervalMs) {
      entry.suppressed++;
      return false;
    }
    if (!entry && this.entries.size >= this.memory) this.entries.clear();
    const suppressed = entry?.suppressed ?? 0;
    this.entries.set(key, { at: t, suppressed: 0 });
    this.logger.warn(suppressed > 0 ? { ...fields, suppressed } : fields, msg);
    return true;
  }

  /**
   * Forgets `key` (its device left); if lines were suppressed since its last one, writes one more
   * line with their count so the total is never lost.
   */
  flush(key: string, fields: Record<string, unknown>, msg: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (entry.suppressed > 0) this.logger.warn({ ...fields, suppressed: entry.suppressed }, msg);
  }
}
