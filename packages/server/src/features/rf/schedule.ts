/**
 * When automatic RF optimisation runs: on the chosen days (0 = Monday) at the chosen local time of the
 * project's time zone (hours east of UTC, e.g. 8 or 5.5).
 */
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

/** Scheduled instants (epoch ms) from the local midnight `daysFrom` days around `now`, in order. */
function slots(
  s: AutoSchedule,
  timeZoneHours: number,
  now: number,
  fromDay: number,
  toDay: number,
): number[] {
  const offset = Math.round(timeZoneHours * 3_600_000);
  const localNow = now + offset;
  const midnight = Math.floor(localNow / DAY_MS) * DAY_MS;
  const out: number[] = [];
  for (let d = fromDay; d <= toDay; d++) {
    const dayStart = midnight + d * DAY_MS;
    const weekday = (new Date(dayStart).getUTCDay() + 6) % 7;
    if (!s.autoDays.includes(weekday)) continue;
    out.push(dayStart + minutesOf(s.autoTime) * 60_000 - offset);
  }
  return out;
}

/** The next automatic run strictly after `now`, or null when automatic optimisation is off. */
export function nextAutoRunAt(s: AutoSchedule, timeZoneHours: number, now: number): number | null {
  if (!s.auto || s.autoDays.length === 0) return null;
  return slots(s, timeZoneHours, now, 0, 8).find((t) => t > now) ?? null;
}

/** Whether a scheduled instant falls in (`since`, `now`]: the timer tick that must start a run. */
export function autoRunDue(s: AutoSchedule, timeZoneHours: number, since: number, now: number): boolean {
  if (!s.auto || s.autoDays.length === 0 || now <= since) return false;
  const span = Math.ceil((now - since) / DAY_MS) + 1;
  return slots(s, timeZoneHours, now, -span, 0).some((t) => t > since && t <= now);
}
