import { z } from 'zod';
import { MAX_SCHEDULE_PERIODS, SCHEDULE_GRANULARITIES, type ScheduleGranularity } from '../limits';

/**
 * The Wi-Fi shutdown schedule of §5: "at most 4 periods, one per line, no overlap, no empty, end
 * after start". The text syntax, precisely:
 *
 * - one period per line; lines are separated by "\n" (a "\r\n" pair is accepted too); a single
 *   trailing newline at the very end is ignored, any other empty or blank line is refused;
 * - a period is `[DAYS ]HH:MM-HH:MM`, e.g. `23:00-23:59`, `Mon-Fri 00:00-06:30`, `Sat,Sun 01:00-07:00`;
 * - DAYS is a comma-separated list of days or day ranges, days written `Mon Tue Wed Thu Fri Sat Sun`
 *   (any letter case); a range runs forward within one week (`Mon-Fri`; `Fri-Mon` is refused);
 *   no DAYS means every day;
 * - times are 24-hour `HH:MM` from 00:00 to 23:59; the end may also be `24:00` (midnight); the end
 *   must be after the start, so a period never crosses midnight (write two periods instead);
 * - two periods overlap when they share a day and their times intersect; touching periods
 *   (`08:00-12:00` and `12:00-13:00`) do not overlap;
 * - an empty text means no shutdown schedule.
 *
 * Besides the text (§3 Wi-Fi schedule: "date, time period, granularity"), a policy may give:
 * - a date range, `YYYY-MM-DD` each, both optional and inclusive, in the devices' local time: the
 *   periods shut the network down only on days inside it (before and after it the network stays
 *   on); `until` is not before `from`; a range needs at least one period;
 * - a granularity, one of {@link SCHEDULE_GRANULARITIES} minutes: every start and end time falls on
 *   that step (`24:00` fits every step); 1, the default, allows any minute.
 */

/** Day names in schedule syntax; index 0 is Monday. */
export const SCHEDULE_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** One shutdown period. */
export interface SchedulePeriod {
  /** Days it applies to, 0 = Monday … 6 = Sunday, ascending, no repeats. */
  days: number[];
  /** Minutes after midnight, start inclusive. */
  start: number;
  /** Minutes after midnight, end exclusive; 1440 is midnight at the end of the day. */
  end: number;
}

export type ScheduleResult = { ok: true; periods: SchedulePeriod[] } | { ok: false; issue: string };

const LINE = /^(?:(\S+)\s+)?(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

function dayIndex(name: string): number {
  return SCHEDULE_DAYS.findIndex((d) => d.toLowerCase() === name.toLowerCase());
}

/** "Mon-Fri,Sun" → [0,1,2,3,4,6]; null when a day name or a range is not valid. */
function parseDays(text: string): number[] | null {
  const days = new Set<number>();
  for (const part of text.split(',')) {
    const [from, to, extra] = part.split('-');
    if (extra !== undefined || from === undefined) return null;
    const a = dayIndex(from);
    const b = to === undefined ? a : dayIndex(to);
    if (a < 0 || b < 0 || b < a) return null;
    for (let d = a; d <= b; d++) days.add(d);
  }
  return [...days].sort((x, y) => x - y);
}

function minutes(h: string | undefined, m: string | undefined): number {
  return Number(h) * 60 + Number(m);
}

const FORMAT_HINT = 'write HH:MM-HH:MM, optionally after days like Mon-Fri';

function parseLine(line: string, n: number): SchedulePeriod | string {
  const m = LINE.exec(line.trim());
  if (!m) return `Line ${n}: ${FORMAT_HINT} (e.g. "Mon-Fri 00:00-06:00").`;
  const days = m[1] === undefined ? ALL_DAYS : parseDays(m[1]);
  if (!days)
    return `Line ${n}: "${m[1]}" is not a day list; use Mon, Tue, Wed, Thu, Fri, Sat, Sun and ranges like Mon-Fri.`;
  const [sh, sm, eh, em] = [m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number];
  const endIsMidnight = eh === 24 && em === 0;
  if (sh > 23 || sm > 59 || (eh > 23 && !endIsMidnight) || em > 59) {
    return `Line ${n}: times run from 00:00 to 23:59 (an end of 24:00 means midnight).`;
  }
  const start = minutes(m[2], m[3]);
  const end = minutes(m[4], m[5]);
  if (end <= start) return `Line ${n}: the end time must be after the start time.`;
  return { days: [...days], start, end };
}

function overlaps(a: SchedulePeriod, b: SchedulePeriod): boolean {
  return a.days.some((d) => b.days.includes(d)) && a.start < b.end && b.start < a.end;
}

/** Parses the schedule text (syntax above). */
export function parseShutdownSchedule(text: string): ScheduleResult {
  if (text.trim() === '') return { ok: true, periods: [] };
  const lines = text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const periods: SchedulePeriod[] = [];
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') return { ok: false, issue: `Line ${i + 1} is empty: remove empty lines.` };
    const p = parseLine(line, i + 1);
    if (typeof p === 'string') return { ok: false, issue: p };
    const clash = periods.findIndex((q) => overlaps(p, q));
    if (clash >= 0) return { ok: false, issue: `Lines ${clash + 1} and ${i + 1} overlap.` };
    periods.push(p);
  }
  if (periods.length > MAX_SCHEDULE_PERIODS) {
    return {
      ok: false,
      issue: `A schedule has at most ${MAX_SCHEDULE_PERIODS} periods (${periods.length} given).`,
    };
  }
  return { ok: true, periods };
}

export function shutdownScheduleIssue(text: string): string | null {
  const r = parseShutdownSchedule(text);
  return r.ok ? null : r.issue;
}
export const shutdownScheduleSchema = z.string().superRefine((s, ctx) => {
  const issue = shutdownScheduleIssue(s);
  if (issue) ctx.addIssue({ code: 'custom', message: issue });
});

function hhmm(min: number): string {
  return `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
}

/** Writes periods back in schedule syntax (day ranges compacted, every day left implicit). */
export function formatShutdownSchedule(periods: readonly SchedulePeriod[]): string {
  return periods
    .map((p) => {
      const time = `${hhmm(p.start)}-${hhmm(p.end)}`;
      if (p.days.length === 7) return time;
      const groups: string[] = [];
      let i = 0;
      while (i < p.days.length) {
        let j = i;
        while (j + 1 < p.days.length && (p.days[j + 1] ?? 0) === (p.days[j] ?? 0) + 1) j++;
        const from = SCHEDULE_DAYS[p.days[i] ?? 0];
        const to = SCHEDULE_DAYS[p.days[j] ?? 0];
        groups.push(i === j ? `${from}` : `${from}-${to}`);
        i = j + 1;
      }
      return `${groups.join(',')} ${time}`;
    })
    .join('\n');
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written `YYYY-MM-DD`. */
export function isScheduleDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** The optional date range of a schedule ('' = open on that side). */
export interface ScheduleDates {
  from: string;
  until: string;
}

/** Issues of a schedule's date range, by field; empty when it is valid. */
export function scheduleDatesIssues(
  dates: ScheduleDates,
  scheduleText: string,
): { field: 'from' | 'until'; message: string }[] {
  const out: { field: 'from' | 'until'; message: string }[] = [];
  for (const field of ['from', 'until'] as const) {
    const v = dates[field];
    if (v !== '' && !isScheduleDate(v))
      out.push({
        field,
        message: `${field === 'from' ? 'Valid from' : 'Valid until'} must be a date written YYYY-MM-DD (e.g. 2026-12-24).`,
      });
  }
  if (out.length > 0) return out;
  if (dates.from !== '' && dates.until !== '' && dates.until < dates.from)
    out.push({ field: 'until', message: 'Valid until must not be before valid from.' });
  else if ((dates.from !== '' || dates.until !== '') && scheduleText.trim() === '')
    out.push({ field: 'from', message: 'A date range needs at least one shutdown period.' });
  return out;
}

/** Whether `step` is a granularity the schedule allows. */
export function isScheduleGranularity(step: number): step is ScheduleGranularity {
  return (SCHEDULE_GRANULARITIES as readonly number[]).includes(step);
}

/**
 * The first period whose times do not fall on the granularity `step` (minutes), as a message, or
 * null. A schedule text that does not parse is left to {@link shutdownScheduleIssue}.
 */
export function scheduleGranularityIssue(text: string, step: number): string | null {
  if (!isScheduleGranularity(step))
    return `Granularity must be one of ${SCHEDULE_GRANULARITIES.join(', ')} minutes.`;
  if (step === 1) return null;
  const r = parseShutdownSchedule(text);
  if (!r.ok) return null;
  const i = r.periods.findIndex((p) => p.start % step !== 0 || p.end % step !== 0);
  if (i < 0) return null;
  const marks = Array.from({ length: 60 / step }, (_, k) => `:${String(k * step).padStart(2, '0')}`);
  return `Line ${i + 1}: with a ${step}-minute granularity, times must fall on ${marks.join(', ')}.`;
}

/** Whether the local calendar day `day` (`YYYY-MM-DD`) lies inside a schedule's date range. */
export function scheduleDateApplies(
  dates: { from?: string | null; until?: string | null } | null | undefined,
  day: string,
): boolean {
  if (!dates) return true;
  if (dates.from && day < dates.from) return false;
  if (dates.until && day > dates.until) return false;
  return true;
}
