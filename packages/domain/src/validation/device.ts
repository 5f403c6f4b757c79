import { z } from 'zod';
import {
  DEVICE_PASSWORD_MIN_CLASSES,
  DEVICE_PASSWORD_MIN_LENGTH,
  DEVICE_PASSWORD_SPECIALS,
  IMPORT_MAX_DEVICES,
  SN_MAX_LENGTH,
  SN_MIN_LENGTH,
} from '../limits';
import { findDuplicates, type ItemIssue, refineWithIssue } from './rule';

/**
 * Device rules of §5: serial number 16–32 letters or digits; device password of at least 8
 * characters mixing three of four classes; batch import of at most 500 rows, duplicates rejected,
 * the Excel template's columns must match.
 */

const SERIAL = /^[A-Za-z0-9]+$/;

/**
 * Serial number: 16–32 ASCII letters or digits. Spaces around it are ignored (pasted from labels);
 * compare serial numbers with `normalizeSerialNumber`, which also ignores letter case.
 */
export function serialNumberIssue(sn: string): string | null {
  const s = sn.trim();
  if (s === '') return 'Serial number is required.';
  if (!SERIAL.test(s) || s.length < SN_MIN_LENGTH || s.length > SN_MAX_LENGTH) {
    return `Serial number must be ${SN_MIN_LENGTH}–${SN_MAX_LENGTH} letters or digits.`;
  }
  return null;
}
export const serialNumberSchema = refineWithIssue(z.string().trim(), serialNumberIssue);
export function normalizeSerialNumber(sn: string): string {
  return sn.trim().toUpperCase();
}

// Built from the limits constant so the allowed set is written once; escaped for a character class.
const SPECIALS_CLASS = DEVICE_PASSWORD_SPECIALS.replace(/[\\\]^-]/g, '\\$&');
const CLASSES: readonly RegExp[] = [/[A-Z]/, /[a-z]/, /[0-9]/, new RegExp(`[${SPECIALS_CLASS}]`)];
const DEVICE_PASSWORD_CHARS = new RegExp(`^[A-Za-z0-9${SPECIALS_CLASS}]*$`);

/**
 * Device (admin) password: at least 8 characters, only letters, digits and the symbols
 * `!#$%&*+,-.:;=@^_`, with at least three of the four classes upper, lower, digit, symbol.
 */
export function devicePasswordIssue(s: string): string | null {
  if (s.length === 0) return 'Device password is required.';
  if (!DEVICE_PASSWORD_CHARS.test(s)) {
    return `Device password may contain only letters, digits and the symbols ${DEVICE_PASSWORD_SPECIALS} (no spaces).`;
  }
  if (s.length < DEVICE_PASSWORD_MIN_LENGTH) {
    return `Device password must have at least ${DEVICE_PASSWORD_MIN_LENGTH} characters.`;
  }
  const classes = CLASSES.filter((re) => re.test(s)).length;
  return classes >= DEVICE_PASSWORD_MIN_CLASSES
    ? null
    : `Device password must mix at least three of: upper-case letters, lower-case letters, digits, symbols (${DEVICE_PASSWORD_SPECIALS}).`;
}
export const devicePasswordSchema = refineWithIssue(z.string(), devicePasswordIssue);

/** One row of a device import file. */
export interface DeviceImportRow {
  sn: string;
}

export interface DeviceImportOptions {
  /** Spreadsheet row number of the first data row; default 2 (row 1 holds the headers). */
  firstRowNumber?: number;
  /** Serial numbers already in the project (or in the cloud), refused as duplicates. */
  existing?: Iterable<string>;
}

/** An issue of one import row, numbered as the spreadsheet numbers it. */
export interface ImportRowIssue extends ItemIssue {
  row: number;
}

/**
 * Checks an import batch: not empty, at most 500 rows (a whole-file issue with `index` -1), each
 * serial number valid, no serial number twice in the file, none already present. Every broken row
 * is reported, so the user can fix the file in one go.
 */
export function deviceImportIssues(
  rows: readonly DeviceImportRow[],
  options: DeviceImportOptions = {},
): ImportRowIssue[] {
  const first = options.firstRowNumber ?? 2;
  if (rows.length === 0) return [{ index: -1, row: 0, field: 'file', message: 'The file has no devices.' }];
  if (rows.length > IMPORT_MAX_DEVICES) {
    return [
      {
        index: -1,
        row: 0,
        field: 'file',
        message: `A file can import at most ${IMPORT_MAX_DEVICES} devices (${rows.length} rows given).`,
      },
    ];
  }
  const out: ImportRowIssue[] = [];
  const existing = new Set([...(options.existing ?? [])].map(normalizeSerialNumber));
  for (const [index, r] of rows.entries()) {
    const issue = serialNumberIssue(r.sn);
    if (issue)
      out.push({ index, row: first + index, field: 'sn', message: `Row ${first + index}: ${issue}` });
    else if (existing.has(normalizeSerialNumber(r.sn))) {
      out.push({
        index,
        row: first + index,
        field: 'sn',
        message: `Row ${first + index}: ${r.sn.trim()} is already added.`,
      });
    }
  }
  const valid = (r: DeviceImportRow) =>
    serialNumberIssue(r.sn) === null ? normalizeSerialNumber(r.sn) : null;
  for (const d of findDuplicates(rows, valid)) {
    out.push({
      index: d.second,
      row: first + d.second,
      field: 'sn',
      message: `Row ${first + d.second}: serial number ${d.key} repeats row ${first + d.first}.`,
    });
  }
  return out.sort((a, b) => a.index - b.index);
}

/** The file's header row must match the template's columns, in order (compared ignoring case and spaces). */
export function importHeaderIssue(headers: readonly string[], template: readonly string[]): string | null {
  const norm = (h: string) => h.trim().toLowerCase();
  const ok =
    headers.length >= template.length && template.every((t, i) => norm(headers[i] ?? '') === norm(t));
  return ok
    ? null
    : `The file does not match the template: the columns must be ${template.join(', ')}. Download the template and try again.`;
}
