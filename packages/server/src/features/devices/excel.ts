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
import type ExcelJS from 'exceljs';
import { AppError, invalidField } from '../../lib/errors';
import { isOle2, readXlsWorkbook, type XlsCell, XlsFormatError } from './excelBiff8';

/**
 * The device import workbook: the template users download (header row, an example row, an
 * instructions sheet) and the reader of what they upload. Both Excel formats of §5 are read, judged
 * by their bytes (an .xlsx renamed to .xls still imports): Office Open XML (.xlsx) with exceljs, and
 * the binary Excel 97–2003 format (.xls, BIFF8) with the small reader in `excelBiff8.ts`
 * (docs/decisions.md). Excel 5/95 and password-protected workbooks are refused with a message.
 * exceljs is imported when a workbook is first built or read: a large library that start-up need not
 * load.
 */

const SHEET = 'Devices';
/** An .xls from Excel 5/95 or one protected by a password: readable only after saving it again. */
export const XLS_MESSAGE =
  'This .xls workbook cannot be read (saved by Excel 95 or older, or protected by a password). Open it in Excel, remove any password and save it as an Excel Workbook (.xlsx), then import it again.';
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
  '7. Save as an Excel Workbook (.xlsx) or Excel 97–2003 Workbook (.xls). Rows that cannot be added are listed with the reason; the others are added.',
];

/** The template workbook as bytes. */
export async function buildImportTemplate(): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
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

/** A number typed into a general-format cell: keep every digit (no exponent, no grouping). */
function numberText(v: number): string {
  return Number.isSafeInteger(v) ? String(v) : v.toString();
}

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return numberText(v);
  return cell.text.trim();
}

/** The chosen sheet of either format: the text of a cell by 1-based row and column. */
interface ImportSheet {
  /** Row numbers that hold anything, ascending. */
  rowNumbers: number[];
  text(row: number, col: number): string;
}

async function xlsxSheet(bytes: Buffer): Promise<ImportSheet | null> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw invalidField('file', NOT_EXCEL_MESSAGE);
  }
  const sheet = wb.getWorksheet(SHEET) ?? wb.worksheets[0];
  if (!sheet) return null;
  const rowNumbers: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (_r, n) => {
    rowNumbers.push(n);
  });
  return { rowNumbers, text: (row, col) => cellText(sheet.getRow(row).getCell(col)) };
}

function xlsSheet(bytes: Buffer): ImportSheet | null {
  let sheets: ReturnType<typeof readXlsWorkbook>;
  try {
    sheets = readXlsWorkbook(bytes);
  } catch (err) {
    if (!(err instanceof XlsFormatError)) throw err;
    const unreadable = err.reason === 'version' || err.reason === 'encrypted';
    throw invalidField('file', unreadable ? XLS_MESSAGE : NOT_EXCEL_MESSAGE);
  }
  const sheet = sheets.find((s) => s.name === SHEET) ?? sheets[0];
  if (!sheet) return null;
  const text = (v: XlsCell | undefined) =>
    v === undefined ? '' : typeof v === 'number' ? numberText(v) : v.trim();
  return {
    rowNumbers: [...sheet.cells.keys()].sort((a, b) => a - b).map((r) => r + 1),
    text: (row, col) => text(sheet.cells.get(row - 1)?.get(col - 1)),
  };
}

/**
 * Reads an uploaded workbook: the header row must match the template (258); every non-blank row
 * after it is returned, blank rows inside the data keep their row numbers but are not returned.
 */
export async function readImportFile(bytes: Buffer): Promise<ImportRow[]> {
  let sheet: ImportSheet | null;
  if (isOle2(bytes)) sheet = xlsSheet(bytes);
  else if (isZip(bytes)) sheet = await xlsxSheet(bytes);
  else throw invalidField('file', NOT_EXCEL_MESSAGE);
  if (!sheet) throw new AppError(ERR.EXCEL_TEMPLATE_INCORRECT, 400);
  const headers = DEVICE_IMPORT_COLUMNS.map((_, i) => sheet.text(1, i + 1));
  const issue = importHeaderIssue(headers, DEVICE_IMPORT_COLUMNS);
  if (issue) throw new AppError(ERR.EXCEL_TEMPLATE_INCORRECT, 400, [{ path: 'file', message: issue }]);
  const rows: ImportRow[] = [];
  for (const rowNumber of sheet.rowNumbers) {
    if (rowNumber === 1) continue;
    const [sn, name, location] = [1, 2, 3].map((i) => sheet.text(rowNumber, i)) as [string, string, string];
    if (sn === '' && name === '' && location === '') continue;
    if (sn.toUpperCase() === DEVICE_IMPORT_EXAMPLE.sn) continue;
    rows.push({ row: rowNumber, sn, name, location });
  }
  return rows;
}
