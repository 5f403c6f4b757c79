/** Time source; tests inject one they can move forward (lock-outs, SMS windows, calendar years). */
export interface Clock {
  now(): number;
  /** A clock that can jump forward calls `listener` after each jump (a sleeper until a time looks again). */
  onAdvance?(listener: () => void): void;
}
export const systemClock: Clock = { now: () => Date.now() };

/**
 * The system clock plus an offset that only grows: the server's clock under CLOCK_CONTROL (browser
 * tests see an expiry pass without waiting; `features/clockControl`).
 */
export class MovableClock implements Clock {
  private offset = 0;
  private readonly listeners: (() => void)[] = [];

  now(): number {
    return Date.now() + this.offset;
  }

  advance(ms: number): void {
    this.offset += ms;
    for (const listener of this.listeners) listener();
  }

  onAdvance(listener: () => void): void {
    this.listeners.push(listener);
  }
}

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** Start of the UTC calendar day containing `ms`, as ISO text. */
export function startOfUtcDay(ms: number): string {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())).toISOString();
}

/** YYYY-MM-DD of the UTC calendar day containing `ms` (a project's day is domain `dateIn(ms, zone)`). */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
