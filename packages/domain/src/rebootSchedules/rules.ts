/**
 * Reboot schedules (issue 13 §1): a weekly reboot (a time of day on chosen days) or a cyclic one
 * (every N days at a time of day, or every N hours), for a whole project or one device, in the
 * project's time zone. Written once for the server (which refuses with the code and runs the slots)
 * and the web (which checks the form as it is filled and shows the next run).
 *
 * §6: switch, NVR and CPE get no automatic maintenance; an AP only a cyclic reboot; routers, mesh
 * units and gateways both. §9: a device online for less than an hour at its slot is skipped.
 */
import { z } from 'zod';
import { KINDS_CYCLIC_REBOOT_ONLY, KINDS_WITHOUT_AUTO_MAINTENANCE } from '../enums/devices';
import { ERR, type ErrorCode } from '../errors/catalogue';
import {
  REBOOT_CYCLE_DAYS_MAX,
  REBOOT_CYCLE_DAYS_MIN,
  REBOOT_CYCLE_HOURS_MAX,
  REBOOT_CYCLE_HOURS_MIN,
} from '../limits';
import { addDays, dateIn, instantOf, localTimeIn } from '../time/local';

/** Weekly: a time on chosen days; cyclic: every N days (at a time) or every N hours. */
export const REBOOT_SCHEDULE_MODES = ['weekly', 'cyclic'] as const;
export type RebootScheduleMode = (typeof REBOOT_SCHEDULE_MODES)[number];
export const REBOOT_CYCLE_UNITS = ['days', 'hours'] as const;
export type RebootCycleUnit = (typeof REBOOT_CYCLE_UNITS)[number];

export const REBOOT_MODE_LABELS: Record<RebootScheduleMode, string> = {
  weekly: 'Scheduled reboot',
  cyclic: 'Cyclic reboot',
};

/** The kinds that may have a reboot schedule at all (§6); every other kind has no automatic maintenance. */
const SCHEDULABLE_KINDS = ['v7', 'router', 'wrouter', 'mesh', 'ap'] as const;

/**
 * Why a device of this kind may not have a reboot schedule of this mode, or null when it may: 490
 * for switches, NVRs and CPEs (and any kind without automatic maintenance), 491 a weekly one for an AP.
 */
export function rebootScheduleRefusal(type: string, mode: RebootScheduleMode): ErrorCode | null {
  if (
    (KINDS_WITHOUT_AUTO_MAINTENANCE as readonly string[]).includes(type) ||
    !(SCHEDULABLE_KINDS as readonly string[]).includes(type)
  )
    return ERR.REBOOT_SCHEDULE_KIND;
  if (mode === 'weekly' && (KINDS_CYCLIC_REBOOT_ONLY as readonly string[]).includes(type))
    return ERR.REBOOT_SCHEDULE_AP_CYCLIC_ONLY;
  return null;
}

/** The modes a kind may have, for the form (empty: no automatic maintenance). */
export function rebootModesOf(type: string): RebootScheduleMode[] {
  return REBOOT_SCHEDULE_MODES.filter((m) => rebootScheduleRefusal(type, m) === null);
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const REBOOT_TIME_MESSAGE = 'Time must be HH:MM from 00:00 to 23:59.';
export const REBOOT_DAYS_MESSAGE = 'Choose at least one day of the week.';
export const REBOOT_EVERY_MESSAGE: Record<RebootCycleUnit, string> = {
  days: `Every ${REBOOT_CYCLE_DAYS_MIN}–${REBOOT_CYCLE_DAYS_MAX} days.`,
  hours: `Every ${REBOOT_CYCLE_HOURS_MIN}–${REBOOT_CYCLE_HOURS_MAX} hours.`,
};
const EVERY_BOUNDS: Record<RebootCycleUnit, [number, number]> = {
  days: [REBOOT_CYCLE_DAYS_MIN, REBOOT_CYCLE_DAYS_MAX],
  hours: [REBOOT_CYCLE_HOURS_MIN, REBOOT_CYCLE_HOURS_MAX],
};

/**
 * When a schedule reboots. Weekly: `time` and `days` (0 = Monday … 6 = Sunday); cyclic every N
 * days: `every`, `unit: 'days'` and `time`; cyclic every N hours: `every` and `unit: 'hours'` (no
 * time: N hours of elapsed time from when the schedule was saved, daylight saving or not).
 */
export const rebootPlanFields = z.object({
  mode: z.enum(REBOOT_SCHEDULE_MODES),
  /** Local "HH:MM"; null for every N hours. */
  time: z.string().nullable(),
  /** Weekly only; empty for a cyclic schedule. */
  days: z.array(z.int().min(0).max(6)).max(7), // not a rule: the days of a week
  /** Cyclic only: N. */
  every: z.int().nullable(),
  /** Cyclic only. */
  unit: z.enum(REBOOT_CYCLE_UNITS).nullable(),
});
export type RebootPlan = z.infer<typeof rebootPlanFields>;

export interface RebootPlanIssue {
  path: keyof RebootPlan;
  message: string;
}

/** What is wrong with a plan, field by field (the form shows the same words before submit). */
export function rebootPlanIssues(p: RebootPlan): RebootPlanIssue[] {
  const out: RebootPlanIssue[] = [];
  const needsTime = p.mode === 'weekly' || p.unit === 'days';
  if (needsTime && (p.time === null || !TIME.test(p.time)))
    out.push({ path: 'time', message: REBOOT_TIME_MESSAGE });
  if (p.mode === 'weekly') {
    if (p.days.length === 0) out.push({ path: 'days', message: REBOOT_DAYS_MESSAGE });
    else if (new Set(p.days).size !== p.days.length)
      out.push({ path: 'days', message: 'Each day of the week once.' });
    return out;
  }
  if (p.unit === null) {
    out.push({ path: 'unit', message: 'Choose days or hours.' });
    return out;
  }
  const [min, max] = EVERY_BOUNDS[p.unit];
  if (p.every === null || p.every < min || p.every > max)
    out.push({ path: 'every', message: REBOOT_EVERY_MESSAGE[p.unit] });
  return out;
}

/** Adds the plan's issues to a zod refinement. */
export function refineRebootPlan(p: RebootPlan, ctx: z.RefinementCtx): void {
  for (const i of rebootPlanIssues(p)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
}

/** The plan as stored: the fields of another mode cleared (a weekly plan has no `every`…). */
export function normalisedRebootPlan(p: RebootPlan): RebootPlan {
  if (p.mode === 'weekly')
    return { mode: 'weekly', time: p.time, days: [...p.days].sort((a, b) => a - b), every: null, unit: null };
  return {
    mode: 'cyclic',
    time: p.unit === 'days' ? p.time : null,
    days: [],
    every: p.every,
    unit: p.unit,
  };
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const WEEKDAY_LABELS: readonly string[] = DAY_NAMES;

/** How a plan reads: "Mon, Wed, Fri at 03:00", "Every 3 days at 04:30", "Every 12 hours". */
export function describeRebootPlan(p: RebootPlan): string {
  if (p.mode === 'weekly') {
    const days = p.days.length === 7 ? 'Every day' : p.days.map((d) => DAY_NAMES[d]).join(', ');
    return `${days} at ${p.time}`;
  }
  if (p.unit === 'hours') return `Every ${p.every} hours`;
  return p.every === 1 ? `Every day at ${p.time}` : `Every ${p.every} days at ${p.time}`;
}

// ── Slots: the instants a plan reboots at ────────────────────────────────────────────────────────
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

function minutesOf(time: string | null): number {
  const [h, m] = (time ?? '00:00').split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The plan's slots in (`from`, `to`], ascending, for a schedule saved at `anchorAt` (no slot at or
 * before it). Weekly and every-N-days slots are wall-clock times of `zone`: a time the clocks skip
 * happens as late as the skip, a repeated one once, at its first occurrence (domain `instantOf`).
 */
export function rebootSlotsBetween(
  p: RebootPlan,
  anchorAt: number,
  zone: string,
  from: number,
  to: number,
): number[] {
  const lo = Math.max(from, anchorAt);
  if (to <= lo) return [];
  const out: number[] = [];
  if (p.mode === 'cyclic' && p.unit === 'hours') {
    const period = (p.every ?? REBOOT_CYCLE_HOURS_MIN) * HOUR_MS;
    for (let k = Math.max(1, Math.floor((lo - anchorAt) / period)); anchorAt + k * period <= to; k++) {
      const t = anchorAt + k * period;
      if (t > lo) out.push(t);
    }
    return out;
  }
  const minute = minutesOf(p.time);
  // One local day either side: a zone's day is not the UTC day.
  const first = addDays(dateIn(lo, zone), -1);
  const span = daysBetween(first, dateIn(to, zone)) + 1;
  const anchorDate = dateIn(anchorAt, zone);
  const every = p.every ?? 1;
  for (let d = 0; d <= span; d++) {
    const date = addDays(first, d);
    if (p.mode === 'weekly') {
      const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
      if (!p.days.includes(weekday)) continue;
    } else {
      const n = daysBetween(anchorDate, date);
      if (n < 0 || n % every !== 0) continue;
    }
    const t = instantOf(date, minute, zone);
    if (t > lo && t <= to) out.push(t);
  }
  return out;
}

/** The first slot strictly after `now`, or null (a plan that never runs). */
export function nextRebootAt(p: RebootPlan, anchorAt: number, zone: string, now: number): number | null {
  const horizon =
    p.mode === 'weekly'
      ? 8 * DAY_MS
      : p.unit === 'hours'
        ? ((p.every ?? REBOOT_CYCLE_HOURS_MIN) + 1) * HOUR_MS
        : ((p.every ?? 1) + 2) * DAY_MS;
  return rebootSlotsBetween(p, anchorAt, zone, now, now + horizon)[0] ?? null;
}

/** The latest slot in (`since`, `now`], or null: what a scheduler tick must run. */
export function dueRebootSlot(
  p: RebootPlan,
  anchorAt: number,
  zone: string,
  since: number,
  now: number,
): number | null {
  return rebootSlotsBetween(p, anchorAt, zone, since, now).at(-1) ?? null;
}

/** The local wall-clock time of a slot, "2026-03-29 03:00" (tests and the log's words). */
export function slotLabel(at: number, zone: string): string {
  const t = localTimeIn(at, zone);
  return `${t.date} ${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
}
