/** Two small synchronisation helpers of the runs: the service's stop, and "something changed". */

/** Stops the runs of a service: what a run waits on ends when the service stops. */
export class StopSignal {
  stopping = false;
  private waiters: (() => void)[] = [];

  stop(): void {
    this.stopping = true;
    for (const w of this.waiters) w();
    this.waiters = [];
  }

  /** Resolves with the promise, or with undefined when the service stops first. */
  until<T>(p: Promise<T>): Promise<T | undefined> {
    if (this.stopping) return Promise.resolve(undefined);
    return Promise.race([
      p,
      new Promise<undefined>((resolve) => this.waiters.push(() => resolve(undefined))),
    ]);
  }
}

/** A change to look at: `wait` resolves at the next `notify` (or at once if one came meanwhile), or after `ms`. */
export class Wakeup {
  private noted = false;
  private resolve: (() => void) | null = null;

  notify(): void {
    this.noted = true;
    this.resolve?.();
  }

  wait(ms: number): Promise<void> {
    if (this.noted) {
      this.noted = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.resolve = null;
        this.noted = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      // A stopping server does not wait for it (the run's own stop signal ends the wait).
      timer.unref();
      this.resolve = done;
    });
  }
}
