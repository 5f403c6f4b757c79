import { ERR, errorMessage } from '../errors/catalogue';
import {
  FIRMWARE_EXTENSIONS,
  FIRMWARE_MAX_BYTES,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_BYTES,
  IMPORT_EXTENSIONS,
  MAP_EXTENSIONS,
  MAP_MAX_BYTES,
  MAP_PDF_MAX_PAGES,
} from '../limits';

/**
 * File rules of §5, checked before an upload (web) and on receipt (server): type by extension
 * (letter case ignored), size in bytes, and for PDF floor plans the page count when known.
 * 1 MB is 1024 × 1024 bytes.
 */

/** What the rules need to know about a file. */
export interface FileFacts {
  name: string;
  /** Size in bytes. */
  size: number;
  /** Page count, for PDFs once read (pdf.js on the web, the parser on the server). */
  pages?: number;
}

/** The extension in lower case without the dot ("" when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

function megabytes(bytes: number): string {
  return `${bytes / (1024 * 1024)} MB`;
}
function extensionList(exts: readonly string[]): string {
  const upper = exts.map((e) => e.toUpperCase());
  return upper.length <= 1 ? (upper[0] ?? '') : `${upper.slice(0, -1).join(', ')} or ${upper.at(-1)}`;
}
function emptyIssue(f: FileFacts): string | null {
  return f.size <= 0 ? 'The file is empty.' : null;
}

/** Avatar and other images: jpg, png, jpeg, gif or bmp, at most 10 MB. */
/** The image-type message, also used when a file's content is not the image its name says. */
export const IMAGE_TYPE_MESSAGE = `Choose a ${extensionList(IMAGE_EXTENSIONS)} image.`;

export function imageFileIssue(f: FileFacts): string | null {
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(f.name))) return IMAGE_TYPE_MESSAGE;
  if (f.size > IMAGE_MAX_BYTES) return `An image can be at most ${megabytes(IMAGE_MAX_BYTES)}.`;
  return emptyIssue(f);
}

/**
 * Floor-plan map: a JPG or PNG image or a PDF, at most 5 MB; a PDF has at most 15 pages. ".jpeg" is
 * the same format as ".jpg". §5 names "jpg or PDF"; PNG is accepted too (issue 12 §1: plans are
 * often exported as PNG, and the server sniffs both image types). The messages are the catalogue's
 * (460–463), the ones the server answers with.
 */
export const MAP_FILE_EXTENSIONS: readonly string[] = [...MAP_EXTENSIONS, 'jpeg'];
export function mapFileIssue(f: FileFacts): string | null {
  const ext = fileExtension(f.name);
  if (!MAP_FILE_EXTENSIONS.includes(ext)) return errorMessage(ERR.MAP_FILE_TYPE);
  if (f.size > MAP_MAX_BYTES) return errorMessage(ERR.MAP_TOO_LARGE);
  if (f.size <= 0) return errorMessage(ERR.MAP_FILE_DAMAGED);
  if (ext === 'pdf' && f.pages !== undefined) {
    if (f.pages < 1) return errorMessage(ERR.MAP_FILE_DAMAGED);
    if (f.pages > MAP_PDF_MAX_PAGES) return errorMessage(ERR.MAP_PDF_TOO_MANY_PAGES);
  }
  return null;
}

/**
 * Firmware: a .bin file smaller than 60 MB (a file of exactly 60 MB is refused). The messages are the
 * catalogue's (480, 481), the ones the server answers with.
 */
export function firmwareFileIssue(f: FileFacts): string | null {
  if (!(FIRMWARE_EXTENSIONS as readonly string[]).includes(fileExtension(f.name))) {
    return errorMessage(ERR.FIRMWARE_FILE_TYPE);
  }
  if (f.size >= FIRMWARE_MAX_BYTES) return errorMessage(ERR.FIRMWARE_TOO_LARGE);
  return emptyIssue(f);
}

/** Device import: an Excel file, .xls or .xlsx only. */
export function excelFileIssue(f: FileFacts): string | null {
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(fileExtension(f.name))) {
    return 'Choose an Excel file (.xls or .xlsx).';
  }
  return emptyIssue(f);
}
