/**
 * Firmware files on disk: DATA_DIR/firmware/<key>.bin, the key random and generated here (never
 * from the client). An upload streams into a temporary file while its SHA-256 is computed — the
 * file is never whole in memory — and is renamed into place once the upload is accepted. With
 * several nodes, DATA_DIR must be shared storage (docs/operations.md).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from '../../lib/crypto';

const KEY_BYTES = 18;
const KEY_PATTERN = /^[A-Za-z0-9_-]+\.bin$/;
const TEMP_SUFFIX = '.part';

export interface Received {
  /** Temporary name; `keep` renames it to its key, `discard` removes it. */
  temp: string;
  key: string;
  size: number;
  sha256: string;
}

export class FirmwareFiles {
  readonly dir: string;
  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'firmware');
  }

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a firmware file key: ${key}`);
    return path.join(this.dir, key);
  }

  /** Streams an upload to a temporary file, hashing it on the way. */
  async receive(source: Readable): Promise<Received> {
    await mkdir(this.dir, { recursive: true });
    const key = `${randomToken(KEY_BYTES)}.bin`;
    const temp = `${this.pathOf(key)}${TEMP_SUFFIX}`;
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, tap, createWriteStream(temp, { flags: 'wx' }));
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return { temp, key, size, sha256: hash.digest('hex') };
  }

  async keep(r: Received): Promise<void> {
    await rename(r.temp, this.pathOf(r.key));
  }

  async discard(r: Received): Promise<void> {
    await rm(r.temp, { force: true });
  }

  /** Size on disk (undefined when the file is gone). */
  async sizeOf(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch {
      return undefined;
    }
  }

  /** A byte range of a stored file (`end` inclusive). */
  stream(key: string, start: number, end: number): Readable {
    return createReadStream(this.pathOf(key), { start, end });
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * Removes files no row names that were last written before `olderThan` (epoch ms): those of
   * deleted projects (the rows cascade, the files stay) and uploads cut off mid-way. The age keeps
   * an upload under way — here or on another node — safe. Returns how many were removed.
   */
  async sweep(known: ReadonlySet<string>, olderThan: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0; // no firmware was ever stored
    }
    let removed = 0;
    for (const name of names) {
      if (known.has(name)) continue;
      const full = path.join(this.dir, name);
      try {
        if ((await stat(full)).mtimeMs >= olderThan) continue;
        await rm(full, { force: true });
        removed++;
      } catch {
        // Gone meanwhile.
      }
    }
    return removed;
  }
}
