import { DEVICE_IMPORT_COLUMNS, DEVICE_IMPORT_EXAMPLE, ERR } from '@netloom/domain';
import CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { NOT_EXCEL_MESSAGE, readImportFile, XLS_MESSAGE } from '../src/features/devices/excel';
import { decodeRk, readXlsWorkbook, XlsFormatError } from '../src/features/devices/excelBiff8';
import { AppError } from '../src/lib/errors';
import { biff5Workbook, xlsWorkbook } from './excelXls.fixtures';

const sn = (i: number) => `NLX${String(i).padStart(15, '0')}`;

/** The Workbook stream of an .xls, to inspect or rewrite records. */
function workbookStream(bytes: Buffer): Buffer {
  const entry = CFB.find(CFB.read(bytes, { type: 'buffer' }), 'Workbook');
  if (!entry) throw new Error('no Workbook stream');
  return Buffer.from(entry.content as Uint8Array);
}
function withStream(stream: Buffer): Buffer {
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, 'Workbook', stream);
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}
function recordTypes(stream: Buffer): number[] {
  const types: number[] = [];
  for (let p = 0; p + 4 <= stream.length; p += 4 + stream.readUInt16LE(p + 2))
    types.push(stream.readUInt16LE(p));
  return types;
}
async function importError(bytes: Buffer): Promise<AppError> {
  const err = await readImportFile(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('BIFF8 .xls reader', () => {
  it('reads inline LABEL cells and NUMBER cells with their row and column', () => {
    const bytes = xlsWorkbook(
      [
        [sn(1), 'Lobby', 'Floor 1'],
        [1234567890123456, null, 2.5],
      ],
      { sharedStrings: false },
    );
    expect(recordTypes(workbookStream(bytes))).toContain(0x0204); // LABEL
    const [sheet] = readXlsWorkbook(bytes);
    expect(sheet?.name).toBe('Devices');
    expect(sheet?.cells.get(0)?.get(0)).toBe('SN');
    expect(sheet?.cells.get(1)?.get(1)).toBe('Lobby');
    expect(sheet?.cells.get(2)?.get(0)).toBe(1234567890123456);
    expect(sheet?.cells.get(2)?.get(2)).toBe(2.5);
    expect(sheet?.cells.get(2)?.has(1)).toBe(false);
  });

  it('reads a large shared-string table split over CONTINUE records, with non-Latin text', () => {
    const rows = Array.from({ length: 500 }, (_, i) => [sn(i), `Name-${i}`, `Étage ${i} – 会议室`]);
    const bytes = xlsWorkbook(rows);
    const types = recordTypes(workbookStream(bytes));
    expect(types).toContain(0x00fc); // SST
    expect(types.filter((t) => t === 0x003c).length).toBeGreaterThan(1); // CONTINUE
    expect(types).toContain(0x00fd); // LABELSST
    const [sheet] = readXlsWorkbook(bytes);
    expect(sheet?.cells.size).toBe(501);
    expect(sheet?.cells.get(500)?.get(0)).toBe(sn(499));
    expect(sheet?.cells.get(500)?.get(2)).toBe('Étage 499 – 会议室');
    expect(sheet?.cells.get(250)?.get(1)).toBe('Name-249');
  });

  it('decodes RK numbers: integers, ×100 integers and truncated doubles', () => {
    expect(decodeRk((5 << 2) | 0x02)).toBe(5);
    expect(decodeRk((-7 << 2) | 0x02)).toBe(-7);
    expect(decodeRk((123456 << 2) | 0x03)).toBe(1234.56);
    expect(decodeRk(0x3ff00000)).toBe(1); // the top 32 bits of 1.0
    expect(decodeRk(0x3ff00000 | 0x01)).toBe(0.01);
  });

  it('refuses Excel 5/95, encrypted workbooks and non-workbook compound files by reason', () => {
    const refused = (bytes: Buffer) => {
      try {
        readXlsWorkbook(bytes);
      } catch (e) {
        if (e instanceof XlsFormatError) return e.reason;
        throw e;
      }
      return 'read';
    };
    expect(refused(biff5Workbook([[sn(1), 'a', 'b']]))).toBe('version');
    // FILEPASS right after the globals' BOF: the rest is ciphertext.
    const stream = workbookStream(xlsWorkbook([[sn(1), 'a', 'b']]));
    const bofEnd = 4 + stream.readUInt16LE(2);
    const filepass = Buffer.from([0x2f, 0x00, 0x02, 0x00, 0x00, 0x00]);
    expect(
      refused(withStream(Buffer.concat([stream.subarray(0, bofEnd), filepass, stream.subarray(bofEnd)]))),
    ).toBe('encrypted');
    const other = CFB.utils.cfb_new();
    CFB.utils.cfb_add(other, 'WordDocument', Buffer.from('not a workbook'));
    expect(refused(Buffer.from(CFB.write(other, { type: 'buffer' }) as Uint8Array))).toBe('container');
  });

  it('never throws anything but XlsFormatError on truncated or corrupted streams', () => {
    const stream = workbookStream(xlsWorkbook(Array.from({ length: 60 }, (_, i) => [sn(i), `n${i}`, 'loc'])));
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const outcomes = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const bad = Buffer.from(i % 2 ? stream.subarray(0, rand() % stream.length) : stream);
      if (i % 2 === 0) for (let k = 0; k < 8; k++) bad[rand() % bad.length] = rand() & 0xff;
      try {
        readXlsWorkbook(withStream(bad));
        outcomes.add('read');
      } catch (e) {
        expect(e).toBeInstanceOf(XlsFormatError);
        outcomes.add((e as XlsFormatError).reason);
      }
    }
    expect(outcomes.has('corrupt') || outcomes.has('version')).toBe(true);
  });
});

describe('device import from .xls', () => {
  it('returns the rows of the Devices sheet, skipping the example row and blank rows', async () => {
    const bytes = xlsWorkbook(
      [
        [DEVICE_IMPORT_EXAMPLE.sn, DEVICE_IMPORT_EXAMPLE.name, DEVICE_IMPORT_EXAMPLE.location],
        [sn(1), 'Lobby', 'Floor 1'],
        [null, null, null],
        [1234567890123456, 'Numeric', ''],
      ],
      { extraSheetFirst: true },
    );
    expect(await readImportFile(bytes)).toEqual([
      { row: 3, sn: sn(1), name: 'Lobby', location: 'Floor 1' },
      { row: 5, sn: '1234567890123456', name: 'Numeric', location: '' },
    ]);
  });

  it('refuses a wrong header (258), Excel 95 and a bare compound-file header with messages', async () => {
    const wrong = await importError(
      xlsWorkbook([[sn(1), 'a', 'b']], { headers: ['Serial', 'Name', 'Place'] }),
    );
    expect(wrong.code).toBe(ERR.EXCEL_TEMPLATE_INCORRECT);
    expect(DEVICE_IMPORT_COLUMNS[0]).toBe('SN');
    const old = await importError(biff5Workbook([[sn(1), 'a', 'b']]));
    expect(old.issues?.[0]?.message).toBe(XLS_MESSAGE);
    const bare = await importError(
      Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]),
    );
    expect(bare.issues?.[0]?.message).toBe(NOT_EXCEL_MESSAGE);
  });
});
