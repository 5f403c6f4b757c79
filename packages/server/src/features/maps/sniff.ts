/**
 * What an uploaded map file is, from its bytes alone (issue 12 §1: "an uploaded file is never served
 * back with a type the server did not verify"): the client's file name and Content-Type are never
 * read. Images also give their size in pixels from their header; a header that is not there or a
 * PNG without its end chunk is a damaged file.
 */
import type { MapImageType } from '@netloom/domain';

export type SniffedType = MapImageType | 'application/pdf';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The PNG end chunk: length 0, `IEND`, its CRC. */
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
/** PDF readers look for the header within the first 1024 bytes (ISO 32000-2, Annex H). */
const PDF_HEADER_WINDOW = 1024;

export function sniffType(bytes: Buffer): SniffedType | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.subarray(0, PDF_HEADER_WINDOW).includes('%PDF-')) return 'application/pdf';
  return null;
}

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * A PNG's size from its IHDR chunk (the first chunk, right after the signature), or null — also when
 * its IEND chunk is missing (a file cut short).
 */
function pngSize(b: Buffer): PixelSize | null {
  const ihdr = PNG_SIGNATURE.length;
  if (b.length < ihdr + 8 + 8 + PNG_END.length) return null;
  if (b.toString('latin1', ihdr + 4, ihdr + 8) !== 'IHDR') return null;
  // Some tools append bytes after IEND, so it is looked for rather than expected at the very end.
  if (b.lastIndexOf(PNG_END) < ihdr + 8) return null;
  return { width: b.readUInt32BE(ihdr + 8), height: b.readUInt32BE(ihdr + 12) };
}

/** SOF markers carry the frame size (C0–CF except DHT C4, JPG C8 and DAC CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** A JPEG's size from its start-of-frame segment, walking the segments before the image data. */
function jpegSize(b: Buffer): PixelSize | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before a frame
    const length = b.readUInt16BE(at + 2);
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length) return null;
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** The size of an image of a sniffed type, or null when its header is damaged or says 0 pixels. */
export function imageSize(bytes: Buffer, type: MapImageType): PixelSize | null {
  const size = type === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
