/**
 * Per-key request rate (issue 14 §6): a token bucket per key — `burst` requests at once, refilled at
 * `perSecond`. In memory per node, like the other rate limits: a guard against a runaway script, not
 * an exact cluster-wide quota (each node allows the rate). The refused learn when one request will
 * fit again (Retry-After).
 */
export class KeyRateLimiter {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** 0 when the request may go now (one token taken), else whole seconds until one is there. */
  take(keyId: number, now: number): number {
    if (this.perSecond <= 0) return 0;
    const b = this.buckets.get(keyId) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    this.buckets.set(keyId, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.perSecond));
  }

  forget(keyId: number): void {
    this.buckets.delete(keyId);
  }
}
