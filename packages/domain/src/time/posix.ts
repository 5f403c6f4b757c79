/**
 * A POSIX TZ string (IEEE 1003.1 §8.3, the `TZ` variable of glibc, musl and BusyBox) for an IANA
 * zone, derived from the zone's transitions in a given year: what a device without a time-zone
 * database needs to keep its local clock across daylight-saving changes (docs/protocol.md §7.1
 * `time`). Lisbon: `<+00>0<+01>-1,M3.5.0/1,M10.5.0/2`; New York: `<-05>5<-04>4,M3.2.0/2,M11.1.0/2`.
 */
import { zoneOffsetMinutes } from './local';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

interface Transition {
  /** First instant of the new offset. */
  at: number;
  from: number;
  to: number;
}

/** The zone's offset changes during the calendar year `year` (UTC), to the minute. */
export function transitionsIn(zone: string, year: number): Transition[] {
  const out: Transition[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  let t = Date.UTC(year, 0, 1);
  let offset = zoneOffsetMinutes(zone, t);
  for (; t < end; t += DAY_MS) {
    const next = zoneOffsetMinutes(zone, t + DAY_MS);
    if (next === offset) continue;
    // Bisect the day to the minute of the change.
    let lo = t;
    let hi = t + DAY_MS;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (zoneOffsetMinutes(zone, mid) === offset) lo = mid;
      else hi = mid;
    }
    out.push({ at: hi, from: offset, to: next });
    offset = next;
  }
  return out;
}

/** `<+0530>`: a POSIX quoted abbreviation for an offset (minutes east). */
function abbreviation(minutes: number): string {
  const abs = Math.abs(minutes);
  const mm = abs % 60 === 0 ? '' : String(abs % 60).padStart(2, '0');
  return `<${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${mm}>`;
}

/** POSIX offsets count west of UTC: UTC+05:30 is `-5:30`. */
function posixOffset(minutesEast: number): string {
  const west = -minutesEast;
  const abs = Math.abs(west);
  const mm = abs % 60 === 0 ? '' : `:${String(abs % 60).padStart(2, '0')}`;
  return `${west < 0 ? '-' : ''}${Math.floor(abs / 60)}${mm}`;
}

/** `Mm.w.d/time`: the month, week (5 = last) and weekday (0 = Sunday) of the wall clock before it. */
function rule(tr: Transition): string {
  const wall = new Date(tr.at + tr.from * MINUTE_MS);
  const day = wall.getUTCDate();
  const daysInMonth = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 0)).getUTCDate();
  const week = day + 7 > daysInMonth ? 5 : Math.ceil(day / 7);
  const minutes = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  const time =
    minutes % 60 === 0
      ? `${minutes / 60}`
      : `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
  return `M${wall.getUTCMonth() + 1}.${week}.${wall.getUTCDay()}/${time}`;
}

/**
 * The POSIX TZ string of `zone` for the year of `at`: fixed (`<+08>-8`, `UTC0`) when the zone keeps
 * one offset that year, else standard and summer offsets with this year's two change rules. A zone
 * with more than two changes in a year (Casablanca's Ramadan) gets its offset at `at`, fixed — a
 * device should prefer the IANA name when it has a zone database.
 */
export function posixTimeZone(zone: string, at: number): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC0';
  const year = new Date(at).getUTCFullYear();
  const changes = transitionsIn(zone, year);
  const into = changes.find((c) => c.to > c.from);
  const out = changes.find((c) => c.to < c.from);
  if (changes.length !== 2 || !into || !out) {
    const now = zoneOffsetMinutes(zone, at);
    return `${abbreviation(now)}${posixOffset(now)}`;
  }
  const std = into.from;
  const dst = into.to;
  return `${abbreviation(std)}${posixOffset(std)}${abbreviation(dst)}${posixOffset(dst)},${rule(into)},${rule(out)}`;
}
