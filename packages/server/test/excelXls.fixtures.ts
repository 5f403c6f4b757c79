import * as XLSX from '@e965/xlsx';
import { DEVICE_IMPORT_COLUMNS } from '@netloom/domain';

/**
 * A real Excel 97–2003 (.xls, BIFF8) workbook written by SheetJS, an independent writer of the
 * format. `sharedStrings` makes it store text the way Excel does (SST + LABELSST, split over
 * CONTINUE records when large); without it every cell is an inline LABEL.
 */
export function xlsWorkbook(
  rows: (string | number | null)[][],
  opts: {
    headers?: readonly string[];
    sheetName?: string;
    sharedStrings?: boolean;
    extraSheetFirst?: boolean;
  } = {},
): Buffer {
  const wb = XLSX.utils.book_new();
  if (opts.extraSheetFirst) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Notes']]), 'Notes');
  const sheet = XLSX.utils.aoa_to_sheet([[...(opts.headers ?? DEVICE_IMPORT_COLUMNS)], ...rows]);
  XLSX.utils.book_append_sheet(wb, sheet, opts.sheetName ?? 'Devices');
  return XLSX.write(wb, { bookType: 'xls', type: 'buffer', bookSST: opts.sharedStrings ?? true }) as Buffer;
}

/** The same rows as an Excel 5/95 (BIFF5) workbook, which the reader refuses. */
export function biff5Workbook(rows: (string | number)[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([[...DEVICE_IMPORT_COLUMNS], ...rows]), 'Devices');
  return XLSX.write(wb, { bookType: 'biff5', type: 'buffer' }) as Buffer;
}
