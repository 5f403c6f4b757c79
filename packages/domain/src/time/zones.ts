import { TIME_ZONE_MAX_LENGTH } from '../limits';

/**
 * Project time zones (issue 10 §6): IANA names such as `Europe/Lisbon`, read through the runtime's
 * own time-zone database (`Intl`, present in Node and every browser) — no data file of ours.
 *
 * The spec (§3, §9) defaults a project to "+8"; a fixed offset knows no daylight saving, so the
 * default is the zone that means +8 to the spec's users: Asia/Shanghai.
 */

/** The default zone of a new project (the spec's "+8", §9). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

// Segments start with a capital (Europe/Lisbon, America/Port-au-Prince, Etc/GMT-5, UTC): refuses
// the lower-case spellings Intl would also accept, so one zone is stored one way.
const ZONE_SHAPE = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*){0,2}$/;

const known = new Map<string, boolean>();

/**
 * Whether `name` is an IANA time zone the runtime knows: `Europe/Lisbon`, `UTC`, `Etc/GMT-8`, and
 * the database's older aliases (`Asia/Calcutta`). Offsets (`+08:00`) and abbreviations are not zones.
 */
export function isTimeZone(name: string): boolean {
  if (name.length > TIME_ZONE_MAX_LENGTH || !ZONE_SHAPE.test(name)) return false;
  let ok = known.get(name);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(name, ok);
  }
  return ok;
}

/**
 * The zones offered in a picker: the runtime's canonical IANA list plus `UTC` (which `Intl` treats as
 * an alias and leaves out).
 */
export function timeZoneNames(): string[] {
  const names = Intl.supportedValuesOf('timeZone');
  return names.includes('UTC') ? [...names] : [...names, 'UTC'];
}

/**
 * What the offsets of the old projects (hours east of UTC, the list the console offered) become
 * (migration 0008, and API clients still sending a number). A whole offset without a better-known
 * zone becomes the fixed `Etc/GMT∓N` (POSIX sign: Etc/GMT-3 is UTC+3), which keeps its exact
 * behaviour; the spec's +8 becomes Asia/Shanghai, 0 becomes UTC; a fractional offset is the zone
 * of the one place that uses it (India, Nepal, Iran, Afghanistan, Myanmar, Newfoundland, Marquesas,
 * Darwin, Adelaide's neighbour Eucla, Lord Howe, Chatham).
 */
export const LEGACY_OFFSET_ZONES: Readonly<Record<string, string>> = {
  '-9.5': 'Pacific/Marquesas',
  '-3.5': 'America/St_Johns',
  '0': 'UTC',
  '3.5': 'Asia/Tehran',
  '4.5': 'Asia/Kabul',
  '5.5': 'Asia/Kolkata',
  '5.75': 'Asia/Kathmandu',
  '6.5': 'Asia/Yangon',
  '8': 'Asia/Shanghai',
  '8.75': 'Australia/Eucla',
  '9.5': 'Australia/Darwin',
  '10.5': 'Australia/Lord_Howe',
  '12.75': 'Pacific/Chatham',
};

/** The offsets (hours east of UTC) the console offered before IANA zones, in order. */
export const LEGACY_OFFSETS = [
  -12, -11, -10, -9.5, -9, -8, -7, -6, -5, -4, -3.5, -3, -2, -1, 0, 1, 2, 3, 3.5, 4, 4.5, 5, 5.5, 5.75, 6,
  6.5, 7, 8, 8.75, 9, 9.5, 10, 10.5, 11, 12, 12.75, 13, 14,
] as const;

/** The zone an old offset becomes, or null for an offset the console never offered. */
export function zoneForOffset(hours: number): string | null {
  if (!(LEGACY_OFFSETS as readonly number[]).includes(hours)) return null;
  const named = LEGACY_OFFSET_ZONES[String(hours)];
  if (named) return named;
  return hours > 0 ? `Etc/GMT-${hours}` : `Etc/GMT+${-hours}`;
}
