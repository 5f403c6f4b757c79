/**
 * The SQLite write thread (db/writeThread.ts): its own connection to the database file and the batch
 * writes the features run there — the same functions the server runs on its own connection when there
 * is no thread (PostgreSQL, an in-memory database).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openWriteConnection } from './db';
import type { WriteReply, WriteThreadData } from './db/writeThread';
import { clientsWriteJobs } from './features/clients';
import { seriesSinkOf, telemetryWriteJobs } from './features/telemetry';
import { deviceWriteJobs } from './gateway/deviceFlush';

const data = workerData as WriteThreadData;
const db = openWriteConnection(data.file, data.lock);
const jobs: Record<string, (input: never) => Promise<unknown>> = {
  ...deviceWriteJobs(db),
  ...telemetryWriteJobs(db),
  ...clientsWriteJobs(db, seriesSinkOf(db)),
};

parentPort?.on('message', async ({ id, job, input }: { id: number; job: string; input: never }) => {
  let reply: WriteReply;
  try {
    const run = jobs[job];
    if (!run) throw new Error(`no write job ${job}`);
    reply = { id, ok: true, value: await run(input) };
  } catch (err) {
    const e = err as { message?: unknown; code?: unknown };
    reply = {
      id,
      ok: false,
      error: { message: String(e.message ?? err), code: typeof e.code === 'string' ? e.code : undefined },
    };
  }
  parentPort?.postMessage(reply);
});
