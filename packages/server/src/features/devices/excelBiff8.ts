import CFB from 'cfb';

/**
 * A minimal reader of old binary Excel 97–2003 workbooks (.xls, BIFF8 inside an OLE2 compound
 * file), only what the device import needs: sheet names and the text or number in each cell.
 * The container is opened by `cfb` (SheetJS's compound-file reader); the records are read here.
 *
 * Read: BOUNDSHEET (sheet names and offsets), SST with its CONTINUE records (shared strings),
 * LABELSST, LABEL, NUMBER, RK, MULRK and the cached result of FORMULA (number or STRING).
 * Everything else (styles, merged cells, rich-text runs, phonetic data) is skipped. Older BIFF
 * versions (Excel 5/95) and encrypted workbooks are refused. Every read is bounds-checked: a
 * malformed file throws {@link XlsFormatError}, never reads past its buffer, and cell values live
 * in a map bounded by the number of records in the file.
 */

/** The file is not a BIFF8 workbook this reader can use; `reason` says why (for the log). */
export class XlsFormatError extends Error {
  constructor(
    readonly reason: 'container' | 'version' | 'encrypted' | 'corrupt',
    detail: string,
  ) {
    super(`xls: ${detail}`);
    this.name = 'XlsFormatError';
  }
}

export type XlsCell = string | number;

export interface XlsSheet {
  name: string;
  /** row (0-based) → column (0-based) → value; only cells that hold text or a number. */
  cells: Map<number, Map<number, XlsCell>>;
}

const REC = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  FORMULA: 0x0006,
  STRING: 0x0207,
  SHRFMLA: 0x04bc,
  ARRAY: 0x0221,
} as const;
const BIFF8 = 0x0600;
const WORKSHEET = 0x10;

interface BiffRecord {
  type: number;
  /** Offset of the record header in the stream. */
  at: number;
  data: Buffer;
}

function corrupt(detail: string): never {
  throw new XlsFormatError('corrupt', detail);
}

/** Records from `start` up to and including the next EOF (or the end of the stream). */
function* records(stream: Buffer, start: number): Generator<BiffRecord> {
  let pos = start;
  while (pos + 4 <= stream.length) {
    const type = stream.readUInt16LE(pos);
    const len = stream.readUInt16LE(pos + 2);
    if (pos + 4 + len > stream.length) corrupt(`record 0x${type.toString(16)} runs past the stream`);
    yield { type, at: pos, data: stream.subarray(pos + 4, pos + 4 + len) };
    pos += 4 + len;
    if (type === REC.EOF) return;
  }
}

/** The bytes of one record plus its CONTINUE records, kept apart: strings restart at each one. */
class Segments {
  private seg = 0;
  private pos = 0;
  constructor(private readonly parts: Buffer[]) {}

  private current(): Buffer {
    const part = this.parts[this.seg];
    if (!part) corrupt('string table ends early');
    return part;
  }
  /** Moves to the next CONTINUE when the current one is used up. */
  private ensure(): Buffer {
    let part = this.current();
    while (this.pos >= part.length) {
      this.seg += 1;
      this.pos = 0;
      part = this.current();
    }
    return part;
  }
  done(): boolean {
    for (let s = this.seg; s < this.parts.length; s++) {
      const part = this.parts[s] as Buffer;
      if ((s === this.seg ? this.pos : 0) < part.length) return false;
    }
    return true;
  }
  u8(): number {
    const part = this.ensure();
    const v = part[this.pos] as number;
    this.pos += 1;
    return v;
  }
  u16(): number {
    return this.u8() | (this.u8() << 8);
  }
  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }
  skip(n: number): void {
    let left = n;
    while (left > 0) {
      const part = this.ensure();
      const step = Math.min(left, part.length - this.pos);
      this.pos += step;
      left -= step;
    }
  }
  /** `cch` characters; a CONTINUE inside them starts with a new compressed/UTF-16 flag byte. */
  chars(cch: number, highByte: boolean): string {
    let out = '';
    let wide = highByte;
    let left = cch;
    while (left > 0) {
      let part = this.current();
      if (this.pos >= part.length) {
        this.seg += 1;
        this.pos = 0;
        part = this.current();
        wide = ((part[0] as number) & 0x01) === 1;
        this.pos = 1;
      }
      const width = wide ? 2 : 1;
      const n = Math.min(left, Math.floor((part.length - this.pos) / width));
      if (n === 0) corrupt('character split across records');
      const bytes = part.subarray(this.pos, this.pos + n * width);
      out += wide ? bytes.toString('utf16le') : bytes.toString('latin1');
      this.pos += n * width;
      left -= n;
    }
    return out;
  }
}

/** XLUnicodeRichExtendedString (SST entries). */
function richString(s: Segments): string {
  const cch = s.u16();
  const flags = s.u8();
  const runs = flags & 0x08 ? s.u16() : 0;
  const ext = flags & 0x04 ? s.u32() : 0;
  const text = s.chars(cch, (flags & 0x01) === 1);
  s.skip(runs * 4 + ext);
  return text;
}

/** XLUnicodeString in one record (LABEL, STRING): 2-byte length, flags, characters. */
function unicodeString(data: Buffer, at: number): string {
  if (at + 3 > data.length) corrupt('string header past its record');
  const cch = data.readUInt16LE(at);
  const wide = ((data[at + 2] as number) & 0x01) === 1;
  const end = at + 3 + cch * (wide ? 2 : 1);
  if (end > data.length) corrupt('string past its record');
  const bytes = data.subarray(at + 3, end);
  return wide ? bytes.toString('utf16le') : bytes.toString('latin1');
}

/** An RK number: a 30-bit integer or the top 30 bits of a double, optionally ×100. */
export function decodeRk(rk: number): number {
  let value: number;
  if (rk & 0x02) {
    value = rk >> 2;
  } else {
    const b = Buffer.alloc(8);
    b.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    value = b.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
}

function need(data: Buffer, n: number, what: string): void {
  if (data.length < n) corrupt(`${what} record too short`);
}

function readSst(first: Buffer, continues: Buffer[]): string[] {
  need(first, 8, 'SST');
  const unique = first.readUInt32LE(4);
  const s = new Segments([first.subarray(8), ...continues]);
  const strings: string[] = [];
  // `unique` comes from the file: trust it only as far as the records go.
  while (strings.length < unique && !s.done()) strings.push(richString(s));
  return strings;
}

interface Globals {
  sheets: { name: string; offset: number }[];
  sst: string[];
}

function readGlobals(stream: Buffer): Globals {
  const it = records(stream, 0);
  const bof = it.next();
  if (bof.done || bof.value.type !== REC.BOF) throw new XlsFormatError('version', 'no BIFF8 BOF record');
  need(bof.value.data, 4, 'BOF');
  if (bof.value.data.readUInt16LE(0) !== BIFF8) throw new XlsFormatError('version', 'not BIFF8');
  const sheets: Globals['sheets'] = [];
  let sstParts: Buffer[] | null = null;
  let inSst = false;
  for (const r of it) {
    if (inSst && r.type === REC.CONTINUE) {
      sstParts?.push(r.data);
      continue;
    }
    inSst = false;
    if (r.type === REC.FILEPASS) throw new XlsFormatError('encrypted', 'workbook is encrypted');
    if (r.type === REC.BOUNDSHEET) {
      need(r.data, 8, 'BOUNDSHEET');
      const kind = r.data[5] as number;
      if (kind !== 0) continue; // 0 = worksheet; charts, macro sheets and VB modules are skipped
      sheets.push({ name: unicodeStringShort(r.data, 6), offset: r.data.readUInt32LE(0) });
    } else if (r.type === REC.SST) {
      sstParts = [r.data];
      inSst = true;
    }
  }
  const [first, ...rest] = sstParts ?? [];
  return { sheets, sst: first ? readSst(first, rest) : [] };
}

/** ShortXLUnicodeString (sheet names): 1-byte length, flags, characters. */
function unicodeStringShort(data: Buffer, at: number): string {
  if (at + 2 > data.length) corrupt('sheet name past its record');
  const cch = data[at] as number;
  const wide = ((data[at + 1] as number) & 0x01) === 1;
  const end = at + 2 + cch * (wide ? 2 : 1);
  if (end > data.length) corrupt('sheet name past its record');
  const bytes = data.subarray(at + 2, end);
  return wide ? bytes.toString('utf16le') : bytes.toString('latin1');
}

function readSheet(stream: Buffer, name: string, offset: number, sst: readonly string[]): XlsSheet {
  if (offset + 8 > stream.length) corrupt(`sheet "${name}" starts past the stream`);
  const it = records(stream, offset);
  const bof = it.next();
  if (bof.done || bof.value.type !== REC.BOF) corrupt(`sheet "${name}" has no BOF`);
  need(bof.value.data, 4, 'BOF');
  const cells = new Map<number, Map<number, XlsCell>>();
  const put = (row: number, col: number, value: XlsCell) => {
    let r = cells.get(row);
    if (!r) {
      r = new Map();
      cells.set(row, r);
    }
    r.set(col, value);
  };
  if (bof.value.data.readUInt16LE(2) !== WORKSHEET) return { name, cells };
  /** A FORMULA whose cached result is a string: the text follows in the next STRING record. */
  let pendingString: { row: number; col: number } | null = null;
  for (const { type, data } of it) {
    if (type === REC.STRING && pendingString) {
      put(pendingString.row, pendingString.col, unicodeString(data, 0));
      pendingString = null;
      continue;
    }
    // A shared or array formula's definition may stand between FORMULA and its STRING.
    if (type !== REC.SHRFMLA && type !== REC.ARRAY) pendingString = null;
    switch (type) {
      case REC.LABELSST: {
        need(data, 10, 'LABELSST');
        const text = sst[data.readUInt32LE(6)];
        if (text === undefined) corrupt('LABELSST points past the string table');
        put(data.readUInt16LE(0), data.readUInt16LE(2), text);
        break;
      }
      case REC.LABEL:
        need(data, 9, 'LABEL');
        put(data.readUInt16LE(0), data.readUInt16LE(2), unicodeString(data, 6));
        break;
      case REC.NUMBER:
        need(data, 14, 'NUMBER');
        put(data.readUInt16LE(0), data.readUInt16LE(2), data.readDoubleLE(6));
        break;
      case REC.RK:
        need(data, 10, 'RK');
        put(data.readUInt16LE(0), data.readUInt16LE(2), decodeRk(data.readUInt32LE(6)));
        break;
      case REC.MULRK: {
        need(data, 6, 'MULRK');
        const row = data.readUInt16LE(0);
        const firstCol = data.readUInt16LE(2);
        const count = Math.floor((data.length - 6) / 6);
        for (let i = 0; i < count; i++) put(row, firstCol + i, decodeRk(data.readUInt32LE(4 + i * 6 + 2)));
        break;
      }
      case REC.FORMULA: {
        need(data, 14, 'FORMULA');
        const row = data.readUInt16LE(0);
        const col = data.readUInt16LE(2);
        if (data.readUInt16LE(12) !== 0xffff) put(row, col, data.readDoubleLE(6));
        else if (data[6] === 0) pendingString = { row, col };
        break;
      }
      default:
        break;
    }
  }
  return { name, cells };
}

/** True when the bytes start with the OLE2 compound-file signature (.xls, .doc, .msg …). */
export function isOle2(bytes: Buffer): boolean {
  return bytes.length > 8 && bytes.readUInt32BE(0) === 0xd0cf11e0 && bytes.readUInt32BE(4) === 0xa1b11ae1;
}

/** Every worksheet of an .xls workbook, in workbook order. */
export function readXlsWorkbook(bytes: Buffer): XlsSheet[] {
  let stream: Buffer;
  try {
    const container = CFB.read(bytes, { type: 'buffer' });
    const entry = CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book');
    if (!entry?.content) throw new XlsFormatError('container', 'no Workbook stream');
    if (entry.name === 'Book') throw new XlsFormatError('version', 'Excel 5/95 workbook');
    stream = Buffer.from(entry.content as Uint8Array);
  } catch (err) {
    if (err instanceof XlsFormatError) throw err;
    throw new XlsFormatError('container', `not a compound file: ${(err as Error).message}`);
  }
  const globals = readGlobals(stream);
  return globals.sheets.map((s) => readSheet(stream, s.name, s.offset, globals.sst));
}
