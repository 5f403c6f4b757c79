/**
 * Items handled in batches: what arrives while a batch is being handled waits for the next one, so
 * a storm of device reports costs one read and one write per batch, not per report. Each `push`
 * resolves once its batch is handled, which keeps one device's reports in order.
 */
export class BatchQueue<T> {
  private queue: { item: T; done: () => void }[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly handle: (batch: readonly T[]) => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  push(item: T): Promise<void> {
    return new Promise<void>((resolve) => {
      this.queue.push({ item, done: resolve });
      if (!this.flushing) this.flushing = this.flushLoop();
    });
  }

  /** Resolves once every item pushed so far is handled. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flushLoop(): Promise<void> {
    // Let the items of one burst gather (a storm of hellos arrives within milliseconds).
    await new Promise((r) => setImmediate(r));
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.handle(batch.map((b) => b.item));
      } catch (err) {
        this.onError(err);
      } finally {
        for (const b of batch) b.done();
      }
    }
    this.flushing = null;
  }
}
