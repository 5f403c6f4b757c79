/**
 * Wall-clock time in a project's IANA zone, daylight saving included: what a schedule ("08:00 on
 * Mondays") means on a given day. Pure, through `Intl.DateTimeFormat`, shared by the server (RF
 * schedule, reports), the simulator (Wi-Fi schedules) and the web.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** A calendar date and time of day on a zone's wall clock. */
export interface LocalTime {
  year: number;
  /** 1–12. */
  month: number;
  /** 1–31. */
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Monday … 6 = Sunday (the schedules' day numbering). */
  weekday: number;
  /** Minutes after local midnight, 0–1439. */
  minuteOfDay: number;
  /** `YYYY-MM-DD`. */
  date: string;
}

/** The wall-clock time in `zone` at the instant `ms`. */
export function localTimeIn(ms: number, zone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(ms))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const year = parts.year ?? 1970;
  const month = parts.month ?? 1;
  const day = parts.day ?? 1;
  const hour = parts.hour ?? 0;
  const minute = parts.minute ?? 0;
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return {
    year,
    month,
    day,
    hour,
    minute,
    second: parts.second ?? 0,
    weekday,
    minuteOfDay: hour * 60 + minute,
    date,
  };
}

/** The zone's offset from UTC at the instant `ms`, in minutes east (Lisbon in July: 60). */
export function zoneOffsetMinutes(zone: string, ms: number): number {
  const t = localTimeIn(ms, zone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return Math.round((asUtc - (ms - (((ms % 1000) + 1000) % 1000))) / MINUTE_MS);
}

/**
 * The instant at which `zone`'s wall clock shows `date` (`YYYY-MM-DD`) at `minuteOfDay`. A time the
 * clocks skip (02:30 when they spring forward) happens as late as the skip (03:30); a time that
 * occurs twice (when they fall back) is its first occurrence.
 */
export function instantOf(date: string, minuteOfDay: number, zone: string): number {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d) + minuteOfDay * MINUTE_MS;
  // The offsets in force around that day: one of them is the right one (a zone changes offset at
  // most once within a few hours).
  const before = zoneOffsetMinutes(zone, wall - 12 * HOUR_MS);
  const after = zoneOffsetMinutes(zone, wall + 12 * HOUR_MS);
  const candidates = [wall - before * MINUTE_MS, wall - after * MINUTE_MS].sort((a, b) => a - b);
  const exact = candidates.find((t) => zoneOffsetMinutes(zone, t) * MINUTE_MS === wall - t);
  return exact ?? wall - before * MINUTE_MS;
}

/** Per zone, the last calendar day asked for and the instants it spans: [from, to). */
const lastDays = new Map<string, { from: number; to: number; date: string }>();

/**
 * `YYYY-MM-DD` of the instant `ms` on `zone`'s calendar (a project's day, for daily reports). Asked
 * for every client snapshot the server writes: the zone's day last asked for is kept with the
 * instants it spans, so most calls compare two numbers instead of formatting a date.
 */
export function dateIn(ms: number, zone: string): string {
  const last = lastDays.get(zone);
  if (last && ms >= last.from && ms < last.to) return last.date;
  const date = localTimeIn(ms, zone).date;
  const from = instantOf(date, 0, zone);
  const to = instantOf(addDays(date, 1), 0, zone);
  // Only a span that holds `ms` is kept (a zone's rules could make the two disagree).
  if (ms >= from && ms < to) lastDays.set(zone, { from, to, date });
  return date;
}

/** The calendar date `days` after `date` (`YYYY-MM-DD`), negative for before. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** `UTC+01:00` / `UTC−03:30` for an offset in minutes east of UTC. */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
