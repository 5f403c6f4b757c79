/** How long one wait for the lock lasts before it looks again (and how long it keeps Node alive). */
const WAIT_SLICE_MS = 1000;

/**
 * The SQLite file's write lock as the server's own threads share it: the event loop's connection and
 * the write thread's (writeThread.ts) take it before they write, so neither meets the other inside
 * SQLite's busy handler — which sleeps, and on the event loop would stall every request.
 *
 * A ticket lock over shared memory (`[next ticket, now serving, held by the write thread]`): first
 * come, first served, so the write thread's back-to-back batches cannot starve the event loop's
 * writes. The event loop waits with `Atomics.waitAsync`, the write thread with `Atomics.wait`.
 * Writers outside the process (an operator's `sqlite3`) still meet SQLite's busy timeout.
 */
export class WriteLock {
  readonly buffer: SharedArrayBuffer;
  private readonly cells: Int32Array;

  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(12)) {
    this.buffer = buffer;
    this.cells = new Int32Array(buffer);
  }

  /** Takes the lock if nobody holds it or waits for it now. */
  tryAcquire(): boolean {
    const serving = Atomics.load(this.cells, 1);
    return Atomics.compareExchange(this.cells, 0, serving, serving + 1) === serving;
  }

  /** Takes the lock without blocking the event loop. */
  async acquire(): Promise<void> {
    const ticket = Atomics.add(this.cells, 0, 1);
    for (;;) {
      const serving = Atomics.load(this.cells, 1);
      if (serving === ticket) return;
      const wait = Atomics.waitAsync(this.cells, 1, serving, WAIT_SLICE_MS);
      if (!wait.async) continue;
      // A pending waitAsync does not keep Node alive: a script whose last work waits here would exit.
      const alive = setTimeout(() => {}, WAIT_SLICE_MS);
      await wait.value;
      clearTimeout(alive);
    }
  }

  /** Takes the lock, blocking the thread (the write thread's own loop, never the server's). */
  acquireSync(holder = false): void {
    const ticket = Atomics.add(this.cells, 0, 1);
    for (;;) {
      const serving = Atomics.load(this.cells, 1);
      if (serving === ticket) break;
      Atomics.wait(this.cells, 1, serving, WAIT_SLICE_MS);
    }
    if (holder) Atomics.store(this.cells, 2, 1);
  }

  release(): void {
    Atomics.store(this.cells, 2, 0);
    Atomics.add(this.cells, 1, 1);
    Atomics.notify(this.cells, 1);
  }

  /** True while the write thread holds the lock (it died holding it if it is gone). */
  heldByWriteThread(): boolean {
    return Atomics.load(this.cells, 2) === 1;
  }
}
