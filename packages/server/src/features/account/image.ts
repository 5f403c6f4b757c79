import { IMAGE_EXTENSIONS } from '@netloom/domain';

export { IMAGE_TYPE_MESSAGE } from '@netloom/domain';

export interface ImageKind {
  ext: string;
  mime: string;
}

const MAGIC: { mime: string; exts: readonly string[]; test: (b: Buffer) => boolean }[] = [
  {
    mime: 'image/jpeg',
    exts: ['jpg', 'jpeg'],
    test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    mime: 'image/png',
    exts: ['png'],
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/gif', exts: ['gif'], test: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  { mime: 'image/bmp', exts: ['bmp'], test: (b) => b.subarray(0, 2).toString('latin1') === 'BM' },
];

/**
 * The image kind when BOTH the file name's extension is an allowed one and the content starts with
 * that format's magic bytes (a renamed file is refused); otherwise null.
 */
export function detectImage(filename: string, bytes: Buffer): ImageKind | null {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return null;
  const kind = MAGIC.find((m) => m.exts.includes(ext));
  return kind?.test(bytes) ? { ext, mime: kind.mime } : null;
}
