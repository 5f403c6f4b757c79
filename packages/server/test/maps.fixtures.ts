/**
 * Map files made in the tests (nothing downloaded) and the multipart upload of the maps API, shared
 * by maps.test.ts and mapCalibration.test.ts.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { MapList } from '@netloom/domain';
import type { TestClient } from './client';

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A real, decodable grey PNG of the given size (8-bit greyscale, one filter byte per row). */
export function png(width: number, height: number, grey = 200): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, no filter method, no interlace
  const raw = Buffer.alloc((width + 1) * height, grey);
  for (let row = 0; row < height; row++) raw[row * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ── Multipart ─────────────────────────────────────────────────────────────────────────────────────

export interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  type?: string;
}

function multipart(parts: readonly Part[]) {
  const boundary = '----netloommaps';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    const type = p.filename === undefined ? '' : `\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}${type}\r\n\r\n`),
    );
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const file = (filename: string, value: Buffer, type?: string): Part => ({
  name: 'file',
  filename,
  value,
  ...(type ? { type } : {}),
});
export function upload(client: TestClient, projectId: number, parts: readonly Part[]) {
  const { payload, contentType } = multipart(parts);
  return client.call<MapList>('POST', `/api/projects/${projectId}/maps`, payload, {
    'content-type': contentType,
  });
}
