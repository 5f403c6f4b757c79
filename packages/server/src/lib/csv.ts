import { localTimeIn } from '@netloom/domain';

/**
 * A cell as RFC 4180 wants it, and harmless in a spreadsheet: texts may come from devices, so a
 * text starting with = + - @ (or a tab/CR) is prefixed with ' and cannot run as a formula.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line (cells escaped, CRLF-terminated). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A byte-order mark so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** `YYYY-MM-DD HH:MM:SS` on the wall clock of an IANA zone (summer time included). */
export function localTime(at: number, zone: string): string {
  const t = localTimeIn(at, zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${t.date} ${two(t.hour)}:${two(t.minute)}:${two(t.second)}`;
}
