import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

export type ReadOutcome = { ok: true; bytes: Buffer } | { ok: false; reason: 'tooLarge' | 'malformed' };

/**
 * Reads a request body up to `cap` bytes. Beyond, it stops reading (the stream is paused, not
 * destroyed, so the refusal can still be answered; the route closes the connection after it).
 */
export function readCapped(stream: Readable, cap: number): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (o: ReadOutcome) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onFail);
      stream.off('close', onFail);
      resolve(o);
    };
    const onData = (chunk: Buffer | string) => {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buf.length;
      if (size > cap) {
        stream.pause();
        finish({ ok: false, reason: 'tooLarge' });
        return;
      }
      chunks.push(buf);
    };
    const onEnd = () => finish({ ok: true, bytes: Buffer.concat(chunks) });
    const onFail = () => finish({ ok: false, reason: 'malformed' });
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onFail);
    stream.on('close', onFail);
  });
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
