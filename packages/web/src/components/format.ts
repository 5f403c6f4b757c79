/** Words and numbers as the console shows them everywhere: dates, counts, a missing value. */

/** What an unknown value shows: a quiet dash, never "null" or "undefined". */
export const NONE = '—';

/** "1 device", "3 devices". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Date and time as people read them in the console's tables ("22 Nov, 10:42"; the year only when not this one). */
export function formatDateTime(at: number, now = Date.now(), withSeconds = false): string {
  const d = new Date(at);
  const sameYear = d.getFullYear() === new Date(now).getFullYear();
  return d.toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    // A log's entries often share a minute (a restart and its result).
    ...(withSeconds ? { second: '2-digit' } : {}),
  });
}

/** A signal level as the console writes it: "−64 dBm" (a typographic minus). */
export function dbmText(rssi: number): string {
  return `${rssi < 0 ? '\u2212' : ''}${Math.abs(Math.round(rssi))} dBm`;
}
