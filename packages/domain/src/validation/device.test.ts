import { describe, expect, it } from 'vitest';
import {
  deviceImportIssues,
  devicePasswordIssue,
  devicePasswordSchema,
  importHeaderIssue,
  normalizeSerialNumber,
  serialNumberIssue,
  serialNumberSchema,
} from './device';

describe('serial number: 16–32 letters or digits', () => {
  const msg = 'Serial number must be 16–32 letters or digits.';
  it.each([
    ['ABCDEF0123456789', null], // 16
    ['a'.repeat(32), null], // 32
    ['G1234567890abcdefXYZ', null],
    [' ABCDEF0123456789 ', null], // pasted with spaces around
    ['', 'Serial number is required.'],
    ['ABCDEF012345678', msg], // 15
    ['a'.repeat(33), msg], // 33
    ['ABCDEF-0123456789', msg],
    ['ABCDEF 0123456789', msg],
    ['ÄBCDEF0123456789', msg],
  ])('%j → %j', (sn, expected) => {
    expect(serialNumberIssue(sn)).toBe(expected);
  });
  it('schema trims', () => {
    expect(serialNumberSchema.parse(' ABCDEF0123456789 ')).toBe('ABCDEF0123456789');
  });
  it('compares ignoring case', () => {
    expect(normalizeSerialNumber(' abcdef0123456789')).toBe('ABCDEF0123456789');
  });
});

describe('device password: ≥ 8 characters, three of upper/lower/digit/special', () => {
  const mix =
    'Device password must mix at least three of: upper-case letters, lower-case letters, digits, symbols (!#$%&*+,-.:;=@^_).';
  it.each([
    ['Abcdefg1', null], // upper, lower, digit
    ['abcdef1!', null], // lower, digit, special
    ['ABCDEF1_', null], // upper, digit, special
    ['Abcdefg^', null], // upper, lower, special
    ['Ab1!#$%&*+,-.:;=@^_', null], // every special allowed
    ['', 'Device password is required.'],
    ['Abcde1!', 'Device password must have at least 8 characters.'],
    ['abcdefgh', mix],
    ['abcdefg1', mix],
    ['ABCDEFG!', mix],
    ['12345678', mix],
    [
      'Abcdef1 ',
      'Device password may contain only letters, digits and the symbols !#$%&*+,-.:;=@^_ (no spaces).',
    ],
    [
      'Abcdef1?',
      'Device password may contain only letters, digits and the symbols !#$%&*+,-.:;=@^_ (no spaces).',
    ],
    [
      'Abcdef1"',
      'Device password may contain only letters, digits and the symbols !#$%&*+,-.:;=@^_ (no spaces).',
    ],
    [
      'Abcdef1é',
      'Device password may contain only letters, digits and the symbols !#$%&*+,-.:;=@^_ (no spaces).',
    ],
  ])('%j → %j', (s, expected) => {
    expect(devicePasswordIssue(s)).toBe(expected);
    expect(devicePasswordSchema.safeParse(s).success).toBe(expected === null);
  });
});

describe('device import batch', () => {
  const sn = (i: number) => `SN${String(i).padStart(14, '0')}`;
  it('accepts up to 500 distinct valid rows', () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ sn: sn(i) }));
    expect(deviceImportIssues(rows)).toEqual([]);
  });
  it('refuses more than 500 rows and an empty file', () => {
    const rows = Array.from({ length: 501 }, (_, i) => ({ sn: sn(i) }));
    expect(deviceImportIssues(rows).map((i) => i.message)).toEqual([
      'A file can import at most 500 devices (501 rows given).',
    ]);
    expect(deviceImportIssues([]).map((i) => i.message)).toEqual(['The file has no devices.']);
  });
  it('reports every broken row by its spreadsheet row number', () => {
    const rows = [
      { sn: 'AAAABBBBCCCCDDDD' }, // row 2
      { sn: 'short' }, // row 3
      { sn: 'aaaabbbbccccdddd' }, // row 4: repeats row 2 (case ignored)
      { sn: 'EEEEFFFFGGGGHHHH' }, // row 5: already in the project
      { sn: 'AAAABBBBCCCCDDDD' }, // row 6: repeats row 2
    ];
    const issues = deviceImportIssues(rows, { existing: ['eeeeffffgggghhhh'] });
    expect(issues.map((i) => [i.row, i.message])).toEqual([
      [3, 'Row 3: Serial number must be 16–32 letters or digits.'],
      [4, 'Row 4: serial number AAAABBBBCCCCDDDD repeats row 2.'],
      [5, 'Row 5: EEEEFFFFGGGGHHHH is already added.'],
      [6, 'Row 6: serial number AAAABBBBCCCCDDDD repeats row 2.'],
    ]);
  });
  it('numbers rows from the given first row', () => {
    const issues = deviceImportIssues([{ sn: 'x' }], { firstRowNumber: 1 });
    expect(issues[0]?.row).toBe(1);
  });
  it('the header row must match the template', () => {
    expect(importHeaderIssue(['SN', 'Name'], ['SN', 'Name'])).toBeNull();
    expect(importHeaderIssue([' sn ', 'NAME', 'extra'], ['SN', 'Name'])).toBeNull();
    expect(importHeaderIssue(['Name', 'SN'], ['SN', 'Name'])).toBe(
      'The file does not match the template: the columns must be SN, Name. Download the template and try again.',
    );
    expect(importHeaderIssue(['SN'], ['SN', 'Name'])).not.toBeNull();
  });
});
