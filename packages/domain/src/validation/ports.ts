import { z } from 'zod';
import { PORT_MAX, PORT_MIN } from '../limits';
import {
  countRangeValues,
  firstSharedValue,
  formatRangeList,
  type NumberRange,
  normalizeRanges,
  parseRangeList,
  type RangeListSyntax,
} from './rangeList';
import { integerIssue, integerSchema, refineWithIssue } from './rule';

/**
 * Port rules of §5: "integer, 1-65535, end at least start; do not mix consecutive and
 * non-consecutive; separate with ; and ranges with - or ~; internal ports differ".
 *
 * Port list syntax, precisely:
 * - entries are separated by `;` (spaces around entries are ignored, empty entries are refused);
 * - an entry is a single port (`80`) or a range `start-end` / `start~end` with `end >= start`;
 * - **no mixing**: one list holds either only single ports (the non-consecutive form, `80;443;8080`)
 *   or only ranges (the consecutive form, `8000-8010` or `8000-8010;9000~9005`), never both
 *   (`80;8000-8010` is refused). A range whose end equals its start (`80-80`) counts as a range;
 * - no port may appear twice: entries must not repeat or overlap.
 */

/** Separator between entries of a port list. */
export const PORT_LIST_SEPARATOR = ';';
/** Characters accepted between the start and the end of a port range. */
export const PORT_RANGE_MARKS = ['-', '~'] as const;

export type PortRange = NumberRange;

export function portIssue(value: string | number, label = 'Port'): string | null {
  return integerIssue(value, { label, min: PORT_MIN, max: PORT_MAX });
}
export const portSchema = integerSchema({ label: 'Port', min: PORT_MIN, max: PORT_MAX });

function syntaxFor(label: string): RangeListSyntax {
  return {
    label,
    separator: PORT_LIST_SEPARATOR,
    rangeMarks: PORT_RANGE_MARKS,
    min: PORT_MIN,
    max: PORT_MAX,
    unit: 'port',
    example: '80;443 or 8000-8010',
  };
}

export type PortListResult = { ok: true; ranges: PortRange[] } | { ok: false; issue: string };

/**
 * Parses a port list (syntax above) into normalised ranges: sorted by start, touching ranges
 * merged (`1000-1999;2000-2999` → one range 1000–2999).
 */
export function parsePortList(text: string, label = 'Ports'): PortListResult {
  const parsed = parseRangeList(text, syntaxFor(label));
  if (!parsed.ok) return parsed;
  // "range" is decided by how the entry was written, so "80-80" is a range: read the entries again.
  const entries = text.split(PORT_LIST_SEPARATOR).map((e) => e.trim());
  const ranged = entries.filter((e) => PORT_RANGE_MARKS.some((m) => e.includes(m))).length;
  if (ranged > 0 && ranged < entries.length) {
    return {
      ok: false,
      issue: `${label}: use either single ports separated by ; (like 80;443) or ranges (like 8000-8010), not both.`,
    };
  }
  return { ok: true, ranges: normalizeRanges(parsed.ranges) };
}

export function portListIssue(text: string, label = 'Ports'): string | null {
  const r = parsePortList(text, label);
  return r.ok ? null : r.issue;
}

/** A port list as written by the user (a string), checked with `portListIssue`. */
export const portListSchema = refineWithIssue(z.string().trim(), (s) => portListIssue(s));

/** Writes normalised ranges back as a list: "80;443" or "8000-8010". */
export function formatPortList(ranges: readonly PortRange[]): string {
  return formatRangeList(ranges, PORT_LIST_SEPARATOR);
}

/** The first port two lists share, or null. Invalid lists share nothing (they fail their own rule). */
export function portListsOverlap(a: string, b: string): number | null {
  const pa = parsePortList(a);
  const pb = parsePortList(b);
  return pa.ok && pb.ok ? firstSharedValue(pa.ranges, pb.ranges) : null;
}

/** How many ports a list covers, or null when the list is invalid. */
export function portCount(text: string): number | null {
  const r = parsePortList(text);
  return r.ok ? countRangeValues(r.ranges) : null;
}

/** Whether a port list is valid; for forms that enable "save" only on valid input. */
export function isPortList(text: string): boolean {
  return parsePortList(text).ok;
}
