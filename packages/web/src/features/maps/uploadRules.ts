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
  MAP_PDF_MAX_PAGES,
  mapFileIssue,
} from '@netloom/domain';

/** Extensions the picker offers: the domain's map files (JPG, PNG, PDF). */
export const MAP_UPLOAD_EXTENSIONS: readonly string[] = MAP_FILE_EXTENSIONS;
export const MAP_UPLOAD_ACCEPT = MAP_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

export function isPdfName(name: string): boolean {
  return fileExtension(name) === 'pdf';
}

/** The file's problem before it is read (type, size): the domain's rule, or null. */
export function mapUploadFileIssue(f: { name: string; size: number }): string | null {
  return mapFileIssue(f);
}

/** A PDF's page count once pdf.js has opened it: more than 15 is refused (461). */
export function mapPdfPagesIssue(pages: number): string | null {
  if (pages < 1) return errorMessage(ERR.MAP_FILE_DAMAGED);
  return pages > MAP_PDF_MAX_PAGES ? errorMessage(ERR.MAP_PDF_TOO_MANY_PAGES) : null;
}
