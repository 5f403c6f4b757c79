/**
 * A map upload, from the multipart request to the images to store (docs/api.md "Floor-plan maps"):
 * `file` is a JPG or PNG (one map) or a PDF; with a PDF the client also sends `pdfMode` and the page
 * images it rendered with pdf.js as `page` files (PNG, one per page to split, one stacked image to
 * merge). Everything is read and checked before anything is stored: a refusal stores nothing.
 */
import {
  ERR,
  MAP_IMAGE_MAX_SIDE_PX,
  MAP_MAX_BYTES,
  MAP_PDF_MAX_PAGES,
  type MapImageType,
  type MapUploadFields,
  mapNameFromFile,
  mapUploadFieldsSchema,
  pagedMapName,
  pageImagesExpected,
} from '@netloom/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidField } from '../../lib/errors';
import { countPdfPages } from './pdf';
import { imageSize, sniffType } from './sniff';

/** Form fields an upload may carry besides its files: `name`, `pdfMode`. */
const UPLOAD_FIELDS = ['name', 'pdfMode'] as const;
/** The multipart limits of the maps' routes: each file ≤ 5 MB, the file and at most 15 page images. */
export const MAP_UPLOAD_LIMITS = {
  fileSize: MAP_MAX_BYTES,
  files: 1 + MAP_PDF_MAX_PAGES,
  fields: UPLOAD_FIELDS.length,
} as const;

export interface UploadParts {
  file: { filename: string; bytes: Buffer };
  pages: Buffer[];
  fields: MapUploadFields;
}

/** An image ready to store as one map. */
export interface MapImage {
  name: string;
  type: MapImageType;
  bytes: Buffer;
  width: number;
  height: number;
}

function multipartCode(err: unknown): string | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** The multipart library's refusals, as the catalogue says them. */
function uploadError(err: unknown): Error {
  const code = multipartCode(err);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(ERR.MAP_TOO_LARGE, 413);
  // More files than the file and 15 page images: the PDF has more pages than a map may have.
  if (code === 'FST_FILES_LIMIT') return new AppError(ERR.MAP_PDF_TOO_MANY_PAGES, 413);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return invalidField('file', 'The upload has fields a map upload does not take.');
  if (code?.startsWith('FST_')) return invalidField('file', 'Send the map as multipart/form-data.');
  return err instanceof Error ? err : new Error(String(err));
}

/** Reads the parts of an upload (each file cut at 5 MB while streaming, see `MAP_UPLOAD_LIMITS`). */
export async function readUpload(request: FastifyRequest): Promise<UploadParts> {
  let file: UploadParts['file'] | undefined;
  const pages: Buffer[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!(UPLOAD_FIELDS as readonly string[]).includes(part.fieldname))
          throw invalidField(part.fieldname, 'A map upload takes the fields name and pdfMode only.');
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'file' && !file) {
        file = { filename: part.filename, bytes: await part.toBuffer() };
      } else if (part.fieldname === 'page') {
        pages.push(await part.toBuffer());
      } else {
        throw invalidField(part.fieldname, 'Send one file as "file" and the page images as "page".');
      }
    }
  } catch (err) {
    throw err instanceof AppError ? err : uploadError(err);
  }
  if (!file || file.bytes.length === 0)
    throw invalidField('file', 'Choose a JPG, PNG or PDF file to upload.');
  const parsed = mapUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidField(String(issue?.path[0] ?? 'file'), issue?.message ?? 'Invalid upload fields.');
  }
  return { file, pages, fields: parsed.data };
}

function verifiedImage(bytes: Buffer, name: string, only?: MapImageType): MapImage {
  const type = sniffType(bytes);
  if (type === null || type === 'application/pdf' || (only && type !== only))
    throw new AppError(only ? ERR.MAP_PAGE_IMAGES_MISMATCH : ERR.MAP_FILE_TYPE);
  const size = imageSize(bytes, type);
  if (!size) throw new AppError(ERR.MAP_FILE_DAMAGED);
  if (size.width > MAP_IMAGE_MAX_SIDE_PX || size.height > MAP_IMAGE_MAX_SIDE_PX)
    throw invalidField('file', `A map image can be at most ${MAP_IMAGE_MAX_SIDE_PX} pixels on a side.`);
  return { name, type, bytes, ...size };
}

/**
 * The images an upload makes into maps, verified from their bytes: a JPG or PNG as it is; a PDF
 * that pdf.js opens, of at most 15 pages, with the PNG page images its mode asks for.
 */
export async function verifyUpload({ file, pages, fields }: UploadParts): Promise<MapImage[]> {
  const type = sniffType(file.bytes);
  if (type === null) throw new AppError(ERR.MAP_FILE_TYPE);
  const base = fields.name ?? mapNameFromFile(file.filename);
  if (type !== 'application/pdf') {
    if (pages.length > 0) throw new AppError(ERR.MAP_PAGE_IMAGES_MISMATCH);
    return [verifiedImage(file.bytes, base)];
  }
  const mode = fields.pdfMode;
  if (!mode)
    throw invalidField(
      'pdfMode',
      'Choose whether to split the PDF into one map per page or merge its pages.',
    );
  const count = await countPdfPages(file.bytes);
  if (count === null || count < 1) throw new AppError(ERR.MAP_FILE_DAMAGED);
  if (count > MAP_PDF_MAX_PAGES) throw new AppError(ERR.MAP_PDF_TOO_MANY_PAGES, 413);
  if (pages.length !== pageImagesExpected(mode, count)) throw new AppError(ERR.MAP_PAGE_IMAGES_MISMATCH);
  return pages.map((bytes, i) =>
    verifiedImage(bytes, mode === 'split' ? pagedMapName(base, { index: i + 1, count }) : base, 'image/png'),
  );
}
