/**
 * When automatic RF optimisation runs: on the chosen days (0 = Monday) at the chosen wall-clock time
 * of the project's IANA zone, daylight saving included — 03:00 stays 03:00 local when the clocks
 * change (a time the clocks skip runs as late as the skip, a repeated one once, at its first
 * occurrence).
 */
import { addDays, dateIn, instantOf } from '@netloom/domain';

const DAY_MS = 86_400_000;

interface AutoSchedule {
  auto: boolean;
  autoDays: readonly number[];
  autoTime: string;
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Scheduled instants (epoch ms) on the local days `fromDay`…`toDay` around `now`'s, in order. */
function slots(s: AutoSchedule, zone: string, now: number, fromDay: number, toDay: number): number[] {
  const today = dateIn(now, zone);
  const out: number[] = [];
  for (let d = fromDay; d <= toDay; d++) {
    const date = addDays(today, d);
    const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
    if (!s.autoDays.includes(weekday)) continue;
    out.push(instantOf(date, minutesOf(s.autoTime), zone));
  }
  return out;
}

/** The next automatic run strictly after `now`, or null when automatic optimisation is off. */
export function nextAutoRunAt(s: AutoSchedule, zone: string, now: number): number | null {
  if (!s.auto || s.autoDays.length === 0) return null;
  return slots(s, zone, now, 0, 8).find((t) => t > now) ?? null;
}

/**
 * The latest scheduled instant in (`since`, `now`], or null: the timer tick that must start a run.
 * The instant names the run across nodes (one claim per project and instant, lib/singleton.ts).
 */
export function dueAutoRunAt(s: AutoSchedule, zone: string, since: number, now: number): number | null {
  if (!s.auto || s.autoDays.length === 0 || now <= since) return null;
  const span = Math.ceil((now - since) / DAY_MS) + 1;
  return slots(s, zone, now, -span, 0).findLast((t) => t > since && t <= now) ?? null;
}

/** Whether a scheduled instant falls in (`since`, `now`]. */
export function autoRunDue(s: AutoSchedule, zone: string, since: number, now: number): boolean {
  return dueAutoRunAt(s, zone, since, now) !== null;
}
