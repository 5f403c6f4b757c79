/**
 * Map images on disk: DATA_DIR/maps/<key>, where the key is generated here (random, with the
 * extension of the sniffed type) and never comes from the client, so no upload can name a path.
 * With several nodes, DATA_DIR must be shared storage (docs/operations.md).
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MapImageType } from '@netloom/domain';
import { randomToken } from '../../lib/crypto';

const EXTENSION: Record<MapImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };
/** Bytes of randomness in a key: unguessable, and unique without asking the database. */
const KEY_BYTES = 18;
const KEY_PATTERN = /^[A-Za-z0-9_-]+\.(jpg|png)$/;

export class MapFiles {
  readonly dir: string;
  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'maps');
  }

  newKey(type: MapImageType): string {
    return `${randomToken(KEY_BYTES)}.${EXTENSION[type]}`;
  }

  private pathOf(key: string): string {
    // Keys come from newKey; a stored key of any other shape is refused rather than joined to a path.
    if (!KEY_PATTERN.test(key)) throw new Error(`not a map file key: ${key}`);
    return path.join(this.dir, key);
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.pathOf(key), bytes, { flag: 'wx' });
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  /** Removes a file; one already gone is no error. */
  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * Removes the files no map names that were last written before `olderThan` (epoch ms): the images
   * of maps whose project was deleted (the rows cascade, the files stay). The age keeps an upload
   * that has written its files but not yet committed its rows — here or on another node — safe.
   * Returns how many were removed.
   */
  async sweep(known: ReadonlySet<string>, olderThan: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0; // no map was ever stored
    }
    let removed = 0;
    for (const name of names) {
      if (known.has(name) || !KEY_PATTERN.test(name)) continue;
      const { mtimeMs } = await stat(path.join(this.dir, name));
      if (mtimeMs >= olderThan) continue;
      await this.remove(name);
      removed += 1;
    }
    return removed;
  }
}
