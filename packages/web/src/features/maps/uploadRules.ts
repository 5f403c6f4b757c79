/**
 * What the upload form checks before sending (§5: JPG/PNG or PDF, ≤ 5 MB, ≤ 15 pages), with the
 * catalogue's messages of the codes the server would answer (460–462), so the user reads the same
 * sentence whichever side refuses.
 */
import {
  ERR,
  errorMessage,
  fileExtension,
  MAP_FILE_EXTENSIONS,
  MAP_MAX_BYTES,
  MAP_PDF_MAX_PAGES,
} from '@netloom/domain';

/**
 * Extensions the picker offers: the domain's map files plus PNG, which the server also stores (it
 * sniffs JPEG and PNG alike, `MAP_IMAGE_TYPES`).
 */
export const MAP_UPLOAD_EXTENSIONS: readonly string[] = [...MAP_FILE_EXTENSIONS, 'png'];
export const MAP_UPLOAD_ACCEPT = MAP_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

export function isPdfName(name: string): boolean {
  return fileExtension(name) === 'pdf';
}

/** The file's problem before it is read (type, size), or null. */
export function mapUploadFileIssue(f: { name: string; size: number }): string | null {
  if (!MAP_UPLOAD_EXTENSIONS.includes(fileExtension(f.name))) return errorMessage(ERR.MAP_FILE_TYPE);
  if (f.size > MAP_MAX_BYTES) return errorMessage(ERR.MAP_TOO_LARGE);
  if (f.size <= 0) return errorMessage(ERR.MAP_FILE_DAMAGED);
  return null;
}

/** A PDF's page count once pdf.js has opened it: more than 15 is refused (461). */
export function mapPdfPagesIssue(pages: number): string | null {
  if (pages < 1) return errorMessage(ERR.MAP_FILE_DAMAGED);
  return pages > MAP_PDF_MAX_PAGES ? errorMessage(ERR.MAP_PDF_TOO_MANY_PAGES) : null;
}
