/**
 * Wakes the desktop's waiting status requests (long poll) when a ticket changes on this node. A
 * change made on another node is seen at the next re-read (every SCAN_POLL_INTERVAL_MS), so nothing
 * here is state another node needs.
 */
export class TicketWaiters {
  private readonly waiting = new Map<string, Set<() => void>>();
  private closed = false;

  /** Resolves when `key` changes here, after `ms`, on `signal`'s abort or when the feature stops. */
  wait(key: string, ms: number, signal?: AbortSignal): Promise<void> {
    if (this.closed || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const set = this.waiting.get(key) ?? new Set<() => void>();
      this.waiting.set(key, set);
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        set.delete(done);
        if (set.size === 0 && this.waiting.get(key) === set) this.waiting.delete(key);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal?.addEventListener('abort', done, { once: true });
      set.add(done);
    });
  }

  notify(key: string): void {
    for (const done of [...(this.waiting.get(key) ?? [])]) done();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Ends every wait (the app closes: no request may hold it open). */
  close(): void {
    this.closed = true;
    for (const key of [...this.waiting.keys()]) this.notify(key);
  }
}
