import { ALARM_EXPORT_COLUMNS, ALARM_SEVERITY_LABELS, type Alarm, localTimeIn } from '@netloom/domain';

/**
 * A cell as RFC 4180 wants it, and harmless in a spreadsheet: event texts come from devices, so a
 * text starting with = + - @ (or a tab/CR) is prefixed with ' and cannot run as a formula.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** `YYYY-MM-DD HH:MM:SS` on the wall clock of an IANA zone (summer time included). */
export function localTime(at: number, zone: string): string {
  const t = localTimeIn(at, zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${t.date} ${two(t.hour)}:${two(t.minute)}:${two(t.second)}`;
}

/** The export file: a header row (the time column names the project's zone), then one row per alarm. */
export function alarmsCsv(rows: readonly Alarm[], timeZone: string): string {
  const header = ALARM_EXPORT_COLUMNS.map((c) => (c === 'Time' ? `Time (${timeZone})` : c));
  const lines = [header.map(csvCell).join(',')];
  for (const a of rows) {
    lines.push(
      [
        localTime(a.at, timeZone),
        ALARM_SEVERITY_LABELS[a.severity],
        a.text,
        a.code,
        a.device.name,
        a.device.model ?? '',
        a.device.mac ?? '',
        a.device.sn,
        String(a.read),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
