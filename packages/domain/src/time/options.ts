/**
 * How a zone is shown and found in a picker: "Lisbon — Europe/Lisbon (UTC+00:00, summer UTC+01:00)",
 * searchable by city, region and the zone's English name ("Western European Time", "China").
 */
import { formatUtcOffset, zoneOffsetMinutes } from './local';
import { timeZoneNames } from './zones';

/** A zone's standard offset and, when it keeps daylight saving, its summer offset (minutes east). */
export interface ZoneOffsets {
  standard: number;
  summer: number | null;
}

/** The zone's offsets in the year of `at` (from its offset in January and in July). */
export function zoneOffsets(zone: string, at: number): ZoneOffsets {
  const year = new Date(at).getUTCFullYear();
  const jan = zoneOffsetMinutes(zone, Date.UTC(year, 0, 1));
  const jul = zoneOffsetMinutes(zone, Date.UTC(year, 6, 1));
  return jan === jul
    ? { standard: jan, summer: null }
    : { standard: Math.min(jan, jul), summer: Math.max(jan, jul) };
}

/** The place a zone is named after: `Europe/Lisbon` → Lisbon, `America/Argentina/Buenos_Aires` → Buenos Aires. */
export function zoneCity(zone: string): string {
  if (zone === 'UTC') return 'UTC';
  const last = zone.split('/').pop() ?? zone;
  return last.replace(/_/g, ' ');
}

/** "UTC+00:00, summer UTC+01:00" or "UTC+08:00". */
export function formatZoneOffsets(o: ZoneOffsets): string {
  return o.summer === null
    ? formatUtcOffset(o.standard)
    : `${formatUtcOffset(o.standard)}, summer ${formatUtcOffset(o.summer)}`;
}

/** A zone named after no place: UTC, and the fixed offsets `Etc/GMT∓N` old projects migrated to. */
function isFixedZone(zone: string): boolean {
  return zone === 'UTC' || zone.startsWith('Etc/');
}

/**
 * "Lisbon — Europe/Lisbon (UTC+00:00, summer UTC+01:00)"; a fixed zone says so:
 * "Fixed offset — Etc/GMT-3 (UTC+03:00)", "UTC (UTC+00:00)".
 */
export function timeZoneLabel(zone: string, at: number): string {
  const offsets = formatZoneOffsets(zoneOffsets(zone, at));
  if (zone === 'UTC') return `UTC (${offsets})`;
  return `${isFixedZone(zone) ? 'Fixed offset' : zoneCity(zone)} — ${zone} (${offsets})`;
}

/** `UTC+1`, `UTC-3:30`, `UTC+0`: an offset in minutes east, as short as it reads. */
export function formatShortUtcOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  const mm = abs % 60 === 0 ? '' : `:${String(abs % 60).padStart(2, '0')}`;
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${mm}`;
}

/** Short, for tables: "Lisbon (UTC+1)" with the offset in force at `at`; "UTC+3" for a fixed zone. */
export function timeZoneShortLabel(zone: string, at: number): string {
  const now = formatShortUtcOffset(zoneOffsetMinutes(zone, at));
  if (zone === 'UTC') return 'UTC';
  return isFixedZone(zone) ? now : `${zoneCity(zone)} (${now})`;
}

/** The zone's English generic name ("Eastern Time", "China Standard Time"), empty when it has none. */
export function zoneLongName(zone: string, at: number): string {
  try {
    const f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' });
    const name = f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
    return name.startsWith('GMT') ? '' : name;
  } catch {
    return '';
  }
}

/** One zone of a picker. */
export interface TimeZoneOption {
  value: string;
  label: string;
  /** Lower-case text a search matches: city, zone name, region and English name. */
  search: string;
  /** Current offset, minutes east (for ordering). */
  offset: number;
}

/** Every zone the runtime knows, labelled and searchable, ordered by current offset then city. */
export function timeZoneOptions(at: number): TimeZoneOption[] {
  return timeZoneNames()
    .map((zone) => {
      const label = timeZoneLabel(zone, at);
      const search = `${label} ${zone.replace(/[/_]/g, ' ')} ${zoneLongName(zone, at)}`.toLowerCase();
      return { value: zone, label, search, offset: zoneOffsetMinutes(zone, at) };
    })
    .sort((a, b) => a.offset - b.offset || a.label.localeCompare(b.label));
}

/** Whether an option matches what the user typed (every word somewhere in its search text). */
export function timeZoneMatches(option: Pick<TimeZoneOption, 'search'>, input: string): boolean {
  return input
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => option.search.includes(w));
}
