/**
 * Firmware version order (issue 13 §1 "newer firmware available"): versions are compared by their
 * numbers, left to right — `V1.10.0` is newer than `V1.9.3`, `V2.0` equals `V2.0.0` — ignoring a
 * leading letter and the separators. When the numbers are equal, a version with a suffix after them
 * (`V1.2.0-beta`) is older than the plain one, and two suffixes compare as text.
 */
const NUMBERS = /\d+/g;

interface Parsed {
  numbers: number[];
  /** What follows the last number (`-beta`), lower case; '' for a plain release. */
  suffix: string;
}

function parse(v: string): Parsed {
  const t = v.trim();
  const numbers = (t.match(NUMBERS) ?? []).map((n) => Number(n));
  const last = [...t.matchAll(NUMBERS)].at(-1);
  const suffix =
    last?.index === undefined ? t.toLowerCase() : t.slice(last.index + last[0].length).toLowerCase();
  return { numbers, suffix: suffix.replace(/^[^a-z0-9]+/, '') };
}

/** < 0 when `a` is older than `b`, 0 when the same release, > 0 when newer. */
export function compareFirmwareVersions(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  const n = Math.max(x.numbers.length, y.numbers.length);
  for (let i = 0; i < n; i++) {
    const d = (x.numbers[i] ?? 0) - (y.numbers[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  if (x.suffix === y.suffix) return 0;
  if (x.suffix === '') return 1;
  if (y.suffix === '') return -1;
  return x.suffix < y.suffix ? -1 : 1;
}

/** Whether `candidate` is newer than what the device runs (an unknown running version: any is newer). */
export function isNewerFirmware(candidate: string, running: string | null | undefined): boolean {
  if (!running) return true;
  return compareFirmwareVersions(candidate, running) > 0;
}
