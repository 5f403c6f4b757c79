import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the write-ahead log into the database. */
const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * SQLite's write-ahead log copied into the database by a worker thread with its own connection
 * (`PRAGMA wal_checkpoint(PASSIVE)` every second), instead of by whichever commit of the server's
 * connection crosses the auto-checkpoint size: that commit then copied thousands of pages and synced
 * the file on the event loop — the tail of publish→committed and of every request under the device
 * bench's load. PASSIVE never blocks the server's writers or readers. Returns the stop function.
 */
export function startCheckpointer(file: string): () => Promise<void> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db = null;
try {
  db = new Database(workerData.file);
  db.pragma('busy_timeout = 1000');
} catch {
  // The database is gone already (closed and removed): nothing to checkpoint.
}
const checkpoint = () => {
  try {
    db?.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy, or the file went away: the next round (or the next open) copies what this one could not
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  try {
    db?.close();
  } catch {}
  parentPort.close();
});`,
    {
      eval: true,
      workerData: {
        file,
        intervalMs: CHECKPOINT_INTERVAL_MS,
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      },
    },
  );
  worker.unref();
  // A checkpoint the worker could not do is done by the next one, or when the database next opens.
  worker.on('error', () => {});
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return async () => {
    worker.postMessage('stop');
    await exited;
  };
}
