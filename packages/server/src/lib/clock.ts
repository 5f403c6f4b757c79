/** Time source; tests inject one they can move forward (lock-outs, SMS windows, calendar years). */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

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
