/**
 * One timer for the whole fleet. Ten thousand devices with their own setInterval/setTimeout would
 * mean tens of thousands of Node timers re-armed every tick; instead every device task goes into one
 * binary heap ordered by due time, and a single setTimeout is armed for the earliest entry.
 * Cancelling is lazy: a cancelled task stays in the heap and is skipped when it comes due.
 */

export interface Task {
  /** Real epoch ms when the task is due. */
  at: number;
  fn: () => void;
  cancelled: boolean;
}

export class Scheduler {
  private heap: Task[] = [];
  private timer: NodeJS.Timeout | null = null;
  private armedAt = Number.POSITIVE_INFINITY;
  private stopped = false;
  /** Tasks run so far (for stats). */
  ran = 0;

  constructor(
    private readonly onError: (e: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `fn` after `delayMs` real milliseconds. */
  after(delayMs: number, fn: () => void): Task {
    const task: Task = { at: this.now() + Math.max(0, delayMs), fn, cancelled: false };
    if (this.stopped) {
      task.cancelled = true;
      return task;
    }
    this.push(task);
    if (task.at < this.armedAt) this.arm();
    return task;
  }

  cancel(task: Task | null | undefined): void {
    if (task) task.cancelled = true;
  }

  get size(): number {
    return this.heap.length;
  }

  /** Drops every task and the timer; later `after` calls are ignored. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const t of this.heap) t.cancelled = true;
    this.heap = [];
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.armedAt = Number.POSITIVE_INFINITY;
    const first = this.heap[0];
    if (!first || this.stopped) return;
    this.armedAt = first.at;
    this.timer = setTimeout(() => this.run(), Math.max(0, first.at - this.now()));
  }

  private run(): void {
    this.timer = null;
    this.armedAt = Number.POSITIVE_INFINITY;
    const now = this.now();
    // Bounded per turn so a backlog (a stalled event loop) cannot starve socket I/O.
    let budget = 2000;
    while (budget-- > 0 && !this.stopped) {
      const first = this.heap[0];
      if (!first || first.at > now) break;
      this.pop();
      if (first.cancelled) continue;
      first.cancelled = true;
      this.ran++;
      try {
        first.fn();
      } catch (e) {
        this.onError(e);
      }
    }
    if (budget < 0 && this.heap.length > 0) {
      this.armedAt = now;
      this.timer = setTimeout(() => this.run(), 0);
    } else this.arm();
  }

  private push(task: Task): void {
    const h = this.heap;
    h.push(task);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = h[p] as Task;
      if (parent.at <= task.at) break;
      h[i] = parent;
      i = p;
    }
    h[i] = task;
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop();
    if (!last || h.length === 0) return;
    let i = 0;
    const n = h.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && (h[r] as Task).at < (h[l] as Task).at ? r : l;
      if ((h[c] as Task).at >= last.at) break;
      h[i] = h[c] as Task;
      i = c;
    }
    h[i] = last;
  }
}
