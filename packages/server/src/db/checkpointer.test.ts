import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * A server-like writer: commits of a few pages each, back to back, on a database whose log only the
 * checkpointer copies. Returns the largest size the log file reached.
 */
async function writeUnderLoad(restartFrames: number, commits: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'netloom-wal-'));
  dirs.push(dir);
  const file = join(dir, 'db.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table t (k integer primary key, v blob)');
  const checkpointer = startCheckpointer(file, { intervalMs: 5, restartFrames });
  const put = db.prepare('insert or replace into t (k, v) values (?, ?)');
  const commit = db.transaction((i: number) => {
    // Four rows of ~3 KB on keys spread over the table: several pages a commit, rewritten later.
    for (let j = 0; j < 4; j++) put.run((i * 7919 + j * 104_729) % 2_000, Buffer.alloc(3_000, i));
  });
  let largest = 0;
  try {
    commit(0);
    // The worker has started once it copied that first commit into the database.
    while (statSync(file).size < 4_096 * 3) await sleep(10);
    for (let i = 1; i < commits; i++) {
      commit(i);
      largest = Math.max(largest, statSync(`${file}-wal`).size);
      // The server's event loop turns between its batches (it commits a few dozen times a second).
      await sleep(1);
    }
  } finally {
    checkpointer.stop();
    db.close();
  }
  return largest;
}

describe('the checkpointer under a steady write load', () => {
  it('keeps the write-ahead log bounded: it starts again once it holds the frames allowed', async () => {
    // About 16,000 frames (64 MB) written in all; the log may hold 200 frames (800 KB) before it
    // restarts, plus what is committed while a round runs.
    const largest = await writeUnderLoad(200, 4_000);
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThan(8 * 1024 * 1024);
  }, 60_000);
});
