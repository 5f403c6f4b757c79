import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the write-ahead log into the database. */
const CHECKPOINT_INTERVAL_MS = 1000;
/**
 * The write-ahead log starts again from its beginning once it holds this many frames (pages of
 * 4 KB: 64 MB), which bounds the file and the log index every read and commit searches.
 */
const RESTART_FRAMES = 16_384;
/** How long closing the database waits for the checkpointer to let go of the file. */
const STOP_WAIT_MS = 2000;

/**
 * SQLite's write-ahead log copied into the database by a worker thread with its own connection
 * (`PRAGMA wal_checkpoint(PASSIVE)` every second), instead of by whichever commit of the server's
 * connection crosses the auto-checkpoint size: that commit then copied thousands of pages and synced
 * the file on the event loop — the tail of publish→committed and of every request under the device
 * bench's load. PASSIVE never blocks the server's writers or readers.
 *
 * Once the log holds `restartFrames` frames, the round also restarts it (see the worker's comment):
 * under a steady write load the log is otherwise never all copied when a writer starts, and it never
 * begins again. `intervalMs` and `restartFrames` are the tests' to lower.
 *
 * A RESTART holds the writers while it copies what is left and syncs the file; a writer of the
 * server's that runs into it waits in SQLite's busy handler, which sleeps on the event loop (stalls
 * of 5–95 ms were measured under the device bench). So the worker says when it restarts, and
 * `restarting()` lets the server's connection wait for it without blocking the loop.
 *
 * `stop` is synchronous like the connection's close that calls it first: it waits (at most 2 s)
 * until the worker closed its connection, so the server's connection closes last and checkpoints
 * the rest itself, and nothing holds the file after the database is closed.
 */
export interface Checkpointer {
  stop(): void;
  /** While a RESTART runs: a promise of its end (null otherwise). */
  restarting(): Promise<unknown> | null;
}

export function startCheckpointer(
  file: string,
  { intervalMs = CHECKPOINT_INTERVAL_MS, restartFrames = RESTART_FRAMES } = {},
): Checkpointer {
  const stopped = new Int32Array(new SharedArrayBuffer(4));
  // 1 while the worker runs a RESTART.
  const restart = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const stopped = new Int32Array(workerData.stopped);
const restart = new Int32Array(workerData.restart);
let db = null;
try {
  db = new Database(workerData.file);
  db.pragma('busy_timeout = 1000');
} catch {
  // The database is gone already (closed and removed): nothing to checkpoint.
}
const timer = setInterval(() => {
  try {
    const done = db?.pragma('wal_checkpoint(PASSIVE)')[0];
    // Under a steady write load a commit nearly always lands while the checkpoint copies, so the log
    // is never all copied when the next writer starts, and it never begins again: it grew by
    // gigabytes. Past the bound, RESTART copies the frames this round left (holding the writers for
    // that long) and makes the next commit write the log from its start.
    if (done && done.log > workerData.restartFrames) {
      Atomics.store(restart, 0, 1);
      try {
        db.pragma('wal_checkpoint(RESTART)');
      } finally {
        Atomics.store(restart, 0, 0);
        Atomics.notify(restart, 0);
      }
    }
  } catch {
    // busy, or the file went away: the next round (or the server's close) copies what this one could not
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try {
    db?.close();
  } catch {}
  Atomics.store(stopped, 0, 1);
  Atomics.notify(stopped, 0);
  parentPort.close();
});`,
    {
      eval: true,
      workerData: {
        file,
        intervalMs,
        restartFrames,
        stopped: stopped.buffer,
        restart: restart.buffer,
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      },
    },
  );
  worker.unref();
  // A checkpoint the worker could not do is done by the next one, or by the server's close.
  worker.on('error', () => {});
  let done = false;
  return {
    stop: () => {
      if (done) return;
      done = true;
      worker.postMessage('stop');
      Atomics.wait(stopped, 0, 0, STOP_WAIT_MS);
    },
    restarting: () => {
      if (Atomics.load(restart, 0) === 0) return null;
      const wait = Atomics.waitAsync(restart, 0, 1, STOP_WAIT_MS);
      if (!wait.async) return null;
      // A pending waitAsync does not keep Node's event loop alive: a script whose only work left is
      // the query waiting here would exit without a word (a bench loading a million rows did).
      const alive = setTimeout(() => {}, STOP_WAIT_MS);
      return wait.value.finally(() => clearTimeout(alive));
    },
  };
}
