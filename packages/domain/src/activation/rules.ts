/**
 * Activation statistics (spec §1 "a manufacturer activation-statistics dashboard", §2 "activation
 * statistics with export", §6 roles; issue 15 §2): who may see them, how days group into the chart's
 * periods, which date ranges are allowed, and how a country code reads.
 *
 * A device is *activated* once per serial number: the first time it is online while claimed into a
 * project. Days are UTC calendar days (`YYYY-MM-DD`): activations come from every time zone and one
 * manufacturer-wide day is the only way the totals of two people agree.
 */
import { ACCOUNT_ROLES, type AccountRole } from '../enums/account';
import { ERR, type ErrorCode } from '../errors/catalogue';
import { ACTIVATION_RANGE_MAX_DAYS } from '../limits';
import { addDays } from '../time/local';

/** Only the manufacturer role sees activation statistics (the account menu entry and the API: 403 else). */
export function canViewActivations(role: AccountRole): boolean {
  return role === ACCOUNT_ROLES.MANUFACTURER;
}

/** How the chart groups days: per day, per ISO week (starting Monday), per calendar month. */
export const ACTIVATION_PERIODS = ['day', 'week', 'month'] as const;
export type ActivationPeriod = (typeof ACTIVATION_PERIODS)[number];
export const ACTIVATION_PERIOD_LABELS: Record<ActivationPeriod, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

/** The country of a project with no place on the map (no location picked): stored as ''. */
export const UNKNOWN_COUNTRY = '';
/** The model or firmware of a device that never said it (no `hello` heard): stored as ''. */
export const UNKNOWN_VALUE = '';

const DAY_MS = 86_400_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a text is a real calendar day `YYYY-MM-DD`. */
export function isCalendarDay(text: string): boolean {
  if (!DAY_RE.test(text)) return false;
  const t = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === text;
}

/** The UTC day `YYYY-MM-DD` of an instant (epoch ms). */
export function utcDayOf(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted (1 for the same day; 0 or less when `to` is earlier). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * Why a date range is refused, as the catalogue's code, or null: the start after the end, or more
 * than {@link ACTIVATION_RANGE_MAX_DAYS} days (505). Both days must be calendar days (else 400).
 */
export function activationRangeIssue(from: string, to: string): ErrorCode | null {
  const n = daysInRange(from, to);
  return n < 1 || n > ACTIVATION_RANGE_MAX_DAYS ? ERR.ACTIVATION_RANGE_INVALID : null;
}

/**
 * The chart period a day falls in, named by its first day: the day itself, the Monday of its ISO
 * week, or the first of its month (`YYYY-MM-01`).
 */
export function periodStart(day: string, period: ActivationPeriod): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * Every period from the one holding `from` to the one holding `to`, in order: the chart's x axis,
 * with the periods that had no activation too.
 */
export function periodsInRange(from: string, to: string, period: ActivationPeriod): string[] {
  const out: string[] = [];
  let day = periodStart(from, period);
  while (day <= to) {
    out.push(day);
    if (period === 'day') day = addDays(day, 1);
    else if (period === 'week') day = addDays(day, 7);
    else {
      const [y, m] = day.split('-').map(Number) as [number, number];
      day = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
  }
  return out;
}

/** How a period reads on the axis and in the export: `2026-11-27`, `Week of 2026-11-23`, `2026-11`. */
export function periodLabel(start: string, period: ActivationPeriod): string {
  if (period === 'month') return start.slice(0, 7);
  if (period === 'week') return `Week of ${start}`;
  return start;
}

let regionNames: Intl.DisplayNames | null = null;

/** A country's English name from its ISO code ("DE" → "Germany"); "Unknown" for no country. */
export function countryName(code: string): string {
  if (code === UNKNOWN_COUNTRY) return 'Unknown';
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** How a model or firmware value reads ("Unknown" when the device never said it). */
export function valueLabel(value: string): string {
  return value === UNKNOWN_VALUE ? 'Unknown' : value;
}
