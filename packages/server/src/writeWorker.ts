/**
 * The SQLite write thread (db/writeThread.ts): its own connection to the database file and the batch
 * writes the features run there — the same functions the server runs on its own connection when there
 * is no thread (PostgreSQL, an in-memory database). Jobs run one at a time, in arrival order, except
 * that a background job (client snapshots) waits while any other is queued.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openWriteConnection, type WriteJobHandler } from './db';
import type { WriteReply, WriteThreadData } from './db/writeThread';
import { clientsWriteJobs } from './features/clients';
import { seriesSinkOf, telemetryWriteJobs } from './features/telemetry';
import { deviceWriteJobs } from './gateway/deviceFlush';

const data = workerData as WriteThreadData;
const db = openWriteConnection(data.file, data.lock);
const handlers = new Map<string, WriteJobHandler>(
  [...deviceWriteJobs(db), ...telemetryWriteJobs(db), ...clientsWriteJobs(db, seriesSinkOf(db))].map((h) => [
    h.job.name,
    h,
  ]),
);

interface Request {
  id: number;
  job: string;
  input: never;
}
const queue: Request[] = [];
const state = { running: false };

parentPort?.on('message', (request: Request) => {
  queue.push(request);
  if (!state.running) void drain();
});
// The server waits for this before it serves (WriteThread.open).
parentPort?.postMessage('ready');

async function drain(): Promise<void> {
  state.running = true;
  while (queue.length > 0) {
    // The requests that arrived while the last job ran are read first: they may be more urgent.
    await new Promise((resolve) => setImmediate(resolve));
    const urgent = queue.findIndex((r) => handlers.get(r.job)?.job.background !== true);
    const [next] = queue.splice(Math.max(urgent, 0), 1);
    if (next) parentPort?.postMessage(await runOne(next));
  }
  state.running = false;
}

async function runOne({ id, job, input }: Request): Promise<WriteReply> {
  try {
    const handler = handlers.get(job);
    if (!handler) throw new Error(`no write job ${job}`);
    return { id, ok: true, value: await handler.run(input) };
  } catch (err) {
    const e = err as { message?: unknown; code?: unknown };
    return {
      id,
      ok: false,
      error: { message: String(e.message ?? err), code: typeof e.code === 'string' ? e.code : undefined },
    };
  }
}
