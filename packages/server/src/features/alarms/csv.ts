import { ALARM_EXPORT_COLUMNS, ALARM_SEVERITY_LABELS, type Alarm } from '@netloom/domain';
import { csvCell, localTime } from '../../lib/csv';

export { csvCell, localTime };

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
