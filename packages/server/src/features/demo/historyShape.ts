/**
 * The shape of the live demo's made-up history (issue 15 §6), pure and deterministic: how busy a
 * project is at a local hour of a weekday (day/night and weekday patterns), with a little noise that
 * is the same for the same project and instant — so a second start computes the very same rows.
 */

/** 0..1 pseudo-random from integers (a 32-bit mix; not for anything secret). */
export function noise(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x85ebca6b);
    h = Math.imul(h ^ Math.floor(p / 2 ** 32), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 2 ** 32;
}

/** Which day-and-night pattern a demo project follows. */
export type HistoryPattern = 'hotel' | 'home';

/**
 * How busy the project is, 0..1, at this local hour (0–23) of this weekday (0 Sunday): a hotel has a
 * breakfast and an evening peak and is fuller at weekends; a home is quiet while people work on
 * weekdays and busiest in the evening.
 */
export function activity(pattern: HistoryPattern, hour: number, weekday: number): number {
  const weekend = weekday === 0 || weekday === 6;
  const bump = (centre: number, width: number) => Math.exp(-(((hour - centre) / width) ** 2));
  if (pattern === 'hotel') {
    const base = 0.12 + 0.45 * bump(8, 1.8) + 0.85 * bump(20.5, 2.6) + 0.35 * bump(13, 2);
    return Math.min(1, base * (weekend ? 1.15 : 0.9));
  }
  const base = weekend
    ? 0.1 + 0.5 * bump(11, 3) + 0.8 * bump(20, 3)
    : 0.08 + 0.3 * bump(7.5, 1.2) + 0.9 * bump(20.5, 2.2);
  return Math.min(1, base);
}

/** Local hour and weekday of an instant at a fixed UTC offset (minutes). */
export function localTime(at: number, offsetMinutes: number): { hour: number; weekday: number; day: string } {
  const d = new Date(at + offsetMinutes * 60_000);
  return { hour: d.getUTCHours(), weekday: d.getUTCDay(), day: d.toISOString().slice(0, 10) };
}

/** The zone's UTC offset in minutes at this instant (Intl; DST is taken at that instant only). */
export function offsetMinutesOf(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - Math.floor(at / 60_000) * 60_000) / 60_000);
}
