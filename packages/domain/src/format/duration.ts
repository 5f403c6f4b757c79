/** Durations as `1d 2h 3m 4s` (spec §9 "durations shown as d h m s, under 60 s shows now"). */

/** What a duration under a minute shows. */
export const DURATION_NOW = 'now';

/**
 * A duration in seconds as days, hours, minutes and seconds. Leading zero units are omitted and
 * every unit after the first non-zero one is shown (`1h 0m 5s`), so columns of uptimes line up.
 * Under 60 s (and for negative or non-finite input) it shows "now". Fractions of a second are
 * dropped.
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 60) return DURATION_NOW;
  let rest = Math.floor(seconds);
  const parts: [number, string][] = [];
  for (const [size, suffix] of [
    [86400, 'd'],
    [3600, 'h'],
    [60, 'm'],
    [1, 's'],
  ] as const) {
    parts.push([Math.floor(rest / size), suffix]);
    rest %= size;
  }
  const first = parts.findIndex(([n]) => n > 0);
  return parts
    .slice(first)
    .map(([n, suffix]) => `${n}${suffix}`)
    .join(' ');
}
