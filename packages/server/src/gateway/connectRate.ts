/**
 * Connection attempts per key (a remote address, a serial number) as a token bucket of `burst`
 * tokens refilled at `perSecond`, kept as ONE number per key (the generic cell rate algorithm: the
 * time at which the bucket would be full again). A key whose bucket is full again is forgotten by
 * `sweep`, so memory follows the keys active in the last minute or so, not every device ever seen.
 * Time is monotonic ms.
 */
export class ConnectRate {
  /** key → the moment its bucket is full again. */
  private readonly fullAt = new Map<string, number>();
  private readonly intervalMs: number;
  private readonly toleranceMs: number;

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.intervalMs = 1000 / perSecond;
    this.toleranceMs = (burst - 1) * this.intervalMs;
  }

  /** Takes a token for `key`: false when its bucket is empty (the attempt is refused, nothing taken). */
  take(key: string): boolean {
    const t = this.now();
    const full = Math.max(this.fullAt.get(key) ?? t, t);
    if (full - t > this.toleranceMs) return false;
    this.fullAt.set(key, full + this.intervalMs);
    return true;
  }

  /** Forgets every key whose bucket is full again (they would start full anyway). */
  sweep(): void {
    const t = this.now();
    for (const [key, full] of this.fullAt) if (full <= t) this.fullAt.delete(key);
  }

  get size(): number {
    return this.fullAt.size;
  }
}
