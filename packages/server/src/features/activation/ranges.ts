/**
 * How a date range splits over the rollups (migration 0032): the calendar months wholly inside it
 * (read from the month rollup) and the days of the partial months at its ends (the day rollup).
 */
import { addDays } from '@netloom/domain';

/** The month bucket of a day: its first day, `YYYY-MM-01`. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The last day of the month holding `day`. */
function monthEnd(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

export interface RangeParts {
  /** First and last month bucket wholly inside the range, or null when none is. */
  months: { from: string; to: string } | null;
  /** Day ranges (inclusive) not covered by those months: at most two. */
  days: { from: string; to: string }[];
}

export function splitRange(from: string, to: string): RangeParts {
  // The first whole month starts at `from` when it is a first of month, else the month after.
  const first = from.endsWith('-01') ? from : addDays(monthEnd(from), 1);
  // The last whole month ends at `to` when it is a month's end, else the month before.
  const lastEnd = monthEnd(to) === to ? to : addDays(monthOf(to), -1);
  if (first > lastEnd) return { months: null, days: [{ from, to }] };
  const days: { from: string; to: string }[] = [];
  if (from < first) days.push({ from, to: addDays(first, -1) });
  if (lastEnd < to) days.push({ from: addDays(lastEnd, 1), to });
  return { months: { from: first, to: monthOf(lastEnd) }, days };
}
