/**
 * The syntax shared by port lists and VLAN lists: entries separated by one separator character,
 * each entry a single number or a range `start{mark}end` with `end >= start`.
 */

/** An inclusive range of whole numbers. A single value `n` is `{ start: n, end: n }`. */
export interface NumberRange {
  start: number;
  end: number;
}

export interface RangeListSyntax {
  /** Field label used in messages, e.g. "External ports". */
  label: string;
  /** Separator between entries, e.g. ";" for ports and "," for VLANs. */
  separator: string;
  /** Characters allowed between the start and end of a range, e.g. ["-", "~"]. */
  rangeMarks: readonly string[];
  min: number;
  max: number;
  /** What one value is called, for the "enter at least one" message: "port", "VLAN ID". */
  unit: string;
  /** An example shown in the syntax message, e.g. "80;443 or 8000-8010". */
  example: string;
}

export type RangeListResult = { ok: true; ranges: NumberRange[] } | { ok: false; issue: string };

const DIGITS = /^\d{1,10}$/;

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

/**
 * Parses a list, keeping the entries in the order written. Spaces around entries and around range
 * marks are tolerated (people paste "80; 443"); empty entries ("80;;443", a trailing ";") are not,
 * because firmware treats them as errors. Entries must not repeat or overlap.
 */
export function parseRangeList(text: string, syntax: RangeListSyntax): RangeListResult {
  const { label, separator, min, max } = syntax;
  if (text.trim() === '') return { ok: false, issue: `${label}: enter at least one ${syntax.unit}.` };
  const marks = syntax.rangeMarks.map(escapeRegex).join('');
  const entry = new RegExp(`^(\\d+)\\s*[${marks}]\\s*(\\d+)$`);
  const ranges: NumberRange[] = [];
  for (const raw of text.split(separator)) {
    const token = raw.trim();
    if (token === '') {
      return {
        ok: false,
        issue: `${label} has an empty entry: separate entries with a single "${separator}".`,
      };
    }
    const m = entry.exec(token);
    const bounds = m ? [m[1] ?? '', m[2] ?? ''] : [token];
    if (!bounds.every((b) => DIGITS.test(b))) {
      return { ok: false, issue: `${label}: "${token}" is not valid; write entries like ${syntax.example}.` };
    }
    const [start, end] = bounds.map(Number) as [number, number?];
    const last = end ?? start;
    for (const n of [start, last]) {
      if (n < min || n > max) return { ok: false, issue: `${label}: ${n} is outside ${min}–${max}.` };
    }
    if (last < start) {
      return { ok: false, issue: `${label}: in "${token}" the end must not be less than the start.` };
    }
    const clash = ranges.find((r) => r.start <= last && start <= r.end);
    if (clash) {
      const shared = Math.max(clash.start, start);
      return { ok: false, issue: `${label}: ${shared} appears more than once.` };
    }
    ranges.push({ start, end: last });
  }
  return { ok: true, ranges };
}

/** Sorted by start, with touching or overlapping ranges merged: `[1-5, 6-8, 20]` → `[1-8, 20]`. */
export function normalizeRanges(ranges: readonly NumberRange[]): NumberRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: NumberRange[] = [];
  for (const r of sorted) {
    const prev = out.at(-1);
    if (prev && r.start <= prev.end + 1) prev.end = Math.max(prev.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** The first value two range lists share, or null when they are disjoint. */
export function firstSharedValue(a: readonly NumberRange[], b: readonly NumberRange[]): number | null {
  let best: number | null = null;
  for (const x of a) {
    for (const y of b) {
      if (x.start <= y.end && y.start <= x.end) {
        const shared = Math.max(x.start, y.start);
        if (best === null || shared < best) best = shared;
      }
    }
  }
  return best;
}

/** How many values the ranges cover (ranges assumed disjoint). */
export function countRangeValues(ranges: readonly NumberRange[]): number {
  return ranges.reduce((sum, r) => sum + r.end - r.start + 1, 0);
}

/** Writes ranges back in list syntax, e.g. `[{80,80},{8000,8010}]` → "80;8000-8010". */
export function formatRangeList(ranges: readonly NumberRange[], separator: string, mark = '-'): string {
  return ranges.map((r) => (r.start === r.end ? `${r.start}` : `${r.start}${mark}${r.end}`)).join(separator);
}
