import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

export type ReadOutcome = { ok: true; bytes: Buffer } | { ok: false; reason: 'tooLarge' | 'malformed' };

/** Reads a request body up to `cap` bytes; beyond, stops reading (tooLarge). */
export async function readCapped(stream: Readable, cap: number): Promise<ReadOutcome> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > cap) {
      stream.destroy();
      return { ok: false, reason: 'tooLarge' };
    }
    chunks.push(buf);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}

/**
 * Inflates gzip through a stream, counting what comes out: past `cap` bytes it stops at once (a zip
 * bomb never inflates further than the cap), a corrupt or truncated stream is `malformed`.
 */
export function inflateCapped(gzipped: Buffer, cap: number): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    const gunzip = createGunzip();
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (o: ReadOutcome) => {
      if (settled) return;
      settled = true;
      resolve(o);
    };
    gunzip.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        gunzip.destroy();
        settle({ ok: false, reason: 'tooLarge' });
        return;
      }
      chunks.push(chunk);
    });
    gunzip.on('error', () => settle({ ok: false, reason: 'malformed' }));
    gunzip.on('end', () => settle({ ok: true, bytes: Buffer.concat(chunks) }));
    gunzip.end(gzipped);
  });
}
