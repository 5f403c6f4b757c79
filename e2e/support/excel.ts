import { DEVICE_IMPORT_COLUMNS } from '@netloom/domain';
import ExcelJS from 'exceljs';

/**
 * Device import workbooks written the way a user's spreadsheet tool would: exceljs, the library the
 * issue names. Either fill the template the console offers for download, or write a fresh workbook
 * with the template's header row.
 */

export interface ImportRow {
  sn: string;
  name?: string;
  location?: string;
}

function putRows(sheet: ExcelJS.Worksheet, rows: readonly ImportRow[]): void {
  rows.forEach((r, i) => {
    const row = sheet.getRow(i + 2);
    // Plain strings, as typed into text cells: the serial number must never become a number.
    row.getCell(1).value = r.sn;
    row.getCell(2).value = r.name ?? '';
    row.getCell(3).value = r.location ?? '';
    row.font = {};
    row.commit();
  });
}

/**
 * Opens the downloaded template, overwrites its example row and the rows below with `rows` and
 * saves the result to `outPath`. Throws if the template does not have the expected header, so a
 * changed template shows up here first.
 */
export async function fillTemplate(templatePath: string, rows: readonly ImportRow[], outPath: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(templatePath);
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error(`${templatePath} has no worksheet`);
  const header = [1, 2, 3].map((i) => sheet.getRow(1).getCell(i).text.trim());
  if (header.join('|') !== DEVICE_IMPORT_COLUMNS.join('|')) {
    throw new Error(`Unexpected template header ${JSON.stringify(header)}`);
  }
  putRows(sheet, rows);
  await wb.xlsx.writeFile(outPath);
}

/**
 * A fresh workbook with a header row (the template's unless `header` is given, e.g. to make a file
 * that does not follow the template) and `rows`, saved to `outPath`.
 */
export async function writeImportWorkbook(
  rows: readonly ImportRow[],
  outPath: string,
  header: readonly string[] = DEVICE_IMPORT_COLUMNS,
): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Devices');
  sheet.addRow([...header]);
  putRows(sheet, rows);
  await wb.xlsx.writeFile(outPath);
}
