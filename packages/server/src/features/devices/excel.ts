import {
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_EXAMPLE,
  DEVICE_LOCATION_MAX_LENGTH,
  DEVICE_NAME_MAX_LENGTH,
  ERR,
  IMPORT_MAX_DEVICES,
  importHeaderIssue,
  SN_MAX_LENGTH,
  SN_MIN_LENGTH,
} from '@netloom/domain';
import ExcelJS from 'exceljs';
import { AppError, invalidField } from '../../lib/errors';

/**
 * The device import workbook: the template users download (header row, an example row, an
 * instructions sheet) and the reader of what they upload. Only the Office Open XML format (.xlsx) is
 * readable; an old binary Excel 97–2003 file (.xls) is refused with a message naming .xlsx
 * (docs/decisions.md): exceljs cannot read it, and a second parser for a 2003 format is not worth
 * its attack surface. A file is judged by its bytes, so an .xlsx renamed to .xls still imports.
 */

const SHEET = 'Devices';
export const XLS_MESSAGE =
  'Excel 97–2003 workbooks (.xls) cannot be read. Open the file in Excel and save it as an Excel Workbook (.xlsx), then import it again.';
export const NOT_EXCEL_MESSAGE =
  'The file is not an Excel workbook. Download the template, fill it in and import it.';
export const TEMPLATE_FILENAME = 'netloom-device-import-template.xlsx';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const INSTRUCTIONS = [
  'How to import devices',
  '',
  `1. Fill in the "${SHEET}" sheet: one device per row, starting at row 2. Keep the header row as it is.`,
  `2. SN (required): the serial number on the device label, ${SN_MIN_LENGTH}–${SN_MAX_LENGTH} letters or digits.`,
  `3. Name (optional): 1–${DEVICE_NAME_MAX_LENGTH} characters without spaces or emoticons. Empty: the model and the end of the SN.`,
  `4. Location (optional): up to ${DEVICE_LOCATION_MAX_LENGTH} characters, e.g. "Floor 2 meeting room".`,
  `5. At most ${IMPORT_MAX_DEVICES} devices per file. A serial number may appear only once.`,
  `6. The example row (SN ${DEVICE_IMPORT_EXAMPLE.sn}) is ignored on import; you may delete it or overwrite it.`,
  '7. Save as an Excel Workbook (.xlsx). Rows that cannot be added are listed with the reason; the others are added.',
];

/** The template workbook as bytes. */
export async function buildImportTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Netloom';
  const sheet = wb.addWorksheet(SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    // Text format: a serial number of digits only must not become a rounded number.
    { header: DEVICE_IMPORT_COLUMNS[0], key: 'sn', width: 36, style: { numFmt: '@' } },
    { header: DEVICE_IMPORT_COLUMNS[1], key: 'name', width: 20, style: { numFmt: '@' } },
    { header: DEVICE_IMPORT_COLUMNS[2], key: 'location', width: 40, style: { numFmt: '@' } },
  ];
  sheet.getRow(1).font = { bold: true };
  const example = sheet.addRow({ ...DEVICE_IMPORT_EXAMPLE });
  example.font = { italic: true, color: { argb: 'FF888888' } };
  const help = wb.addWorksheet('Instructions');
  help.getColumn(1).width = 110;
  for (const line of INSTRUCTIONS) help.addRow([line]);
  help.getRow(1).font = { bold: true, size: 14 };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** One data row of an uploaded file, numbered as the spreadsheet numbers it. */
export interface ImportRow {
  row: number;
  sn: string;
  name: string;
  location: string;
}

function isZip(b: Buffer): boolean {
  return b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
}
function isOle2(b: Buffer): boolean {
  return b.length > 8 && b.readUInt32BE(0) === 0xd0cf11e0 && b.readUInt32BE(4) === 0xa1b11ae1;
}

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  // A number typed into a general-format cell: keep every digit (no exponent, no grouping).
  if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : v.toString();
  return cell.text.trim();
}

/**
 * Reads an uploaded workbook: the header row must match the template (258); every non-blank row
 * after it is returned, blank rows inside the data keep their row numbers but are not returned.
 */
export async function readImportFile(bytes: Buffer): Promise<ImportRow[]> {
  if (isOle2(bytes)) throw invalidField('file', XLS_MESSAGE);
  if (!isZip(bytes)) throw invalidField('file', NOT_EXCEL_MESSAGE);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw invalidField('file', NOT_EXCEL_MESSAGE);
  }
  const sheet = wb.getWorksheet(SHEET) ?? wb.worksheets[0];
  if (!sheet) throw new AppError(ERR.EXCEL_TEMPLATE_INCORRECT, 400);
  const header = sheet.getRow(1);
  const headers = DEVICE_IMPORT_COLUMNS.map((_, i) => cellText(header.getCell(i + 1)));
  const issue = importHeaderIssue(headers, DEVICE_IMPORT_COLUMNS);
  if (issue) throw new AppError(ERR.EXCEL_TEMPLATE_INCORRECT, 400, [{ path: 'file', message: issue }]);
  const rows: ImportRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const [sn, name, location] = [1, 2, 3].map((i) => cellText(r.getCell(i))) as [string, string, string];
    if (sn === '' && name === '' && location === '') return;
    if (sn.toUpperCase() === DEVICE_IMPORT_EXAMPLE.sn) return;
    rows.push({ row: rowNumber, sn, name, location });
  });
  return rows;
}
