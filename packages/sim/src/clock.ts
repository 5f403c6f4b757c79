/**
 * Simulated time. `timeFactor` 60 means a simulated minute passes every real second: intervals,
 * uptimes, offline spells and the day/night pattern all run on this clock. Wire timestamps (`ts`,
 * command `expiresAt`) stay real: the cloud orders by its own receive time and expires commands by
 * its real clock.
 */
export class SimClock {
  readonly timeFactor: number;
  private readonly startReal: number;
  private readonly startSim: number;

  constructor(
    timeFactor = 1,
    startSim = Date.now(),
    private readonly realNow: () => number = Date.now,
  ) {
    if (!(timeFactor > 0)) throw new Error(`timeFactor must be > 0, got ${timeFactor}`);
    this.timeFactor = timeFactor;
    this.startReal = realNow();
    this.startSim = startSim;
  }

  /** Simulated epoch milliseconds now. */
  now(): number {
    return this.startSim + (this.realNow() - this.startReal) * this.timeFactor;
  }

  /** Real milliseconds that a simulated duration takes. */
  toReal(simMs: number): number {
    return simMs / this.timeFactor;
  }

  /** Hour of day (0–24, fractional) of a simulated instant, in UTC offset by `utcOffsetHours`. */
  hourOfDay(simMs = this.now(), utcOffsetHours = 0): number {
    const h = (simMs / 3_600_000 + utcOffsetHours) % 24;
    return h < 0 ? h + 24 : h;
  }
}

/**
 * How busy a network is at an hour of day, 0–1: near 0.1 at night, a morning ramp, full during
 * working hours with a lunch dip, an evening tail. `home` networks peak in the evening instead.
 */
export function activityAt(hour: number, profile: 'office' | 'home' = 'office'): number {
  const bump = (h: number, centre: number, width: number) => Math.exp(-(((h - centre) / width) ** 2));
  if (profile === 'home') {
    return Math.min(1, 0.12 + 0.35 * bump(hour, 8, 1.5) + 0.85 * bump(hour, 20.5, 2.6));
  }
  const work = hour >= 8 && hour < 18.5 ? 1 : 0;
  const ramp =
    hour >= 6.5 && hour < 8 ? (hour - 6.5) / 1.5 : hour >= 18.5 && hour < 21 ? (21 - hour) / 2.5 : 0;
  const lunch = 0.15 * bump(hour, 12.5, 0.6);
  return Math.max(0.06, Math.min(1, 0.06 + 0.94 * Math.max(work, ramp) - lunch));
}
