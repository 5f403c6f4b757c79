import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { WriteLock } from './writeLock';

/** A job of the write thread: its name and what it is given and answers (structured-cloneable). */
export interface WriteJob<In, Out> {
  readonly name: string;
  /**
   * Waits while jobs that are not in the background are queued: a large batch whose latency no
   * budget watches (client snapshots) does not hold up device rows and telemetry.
   */
  readonly background: boolean;
  /** Phantom types: what `run` takes and answers. */
  readonly _types?: (input: In) => Out;
}

export const writeJob = <In, Out>(name: string, { background = false } = {}): WriteJob<In, Out> => ({
  name,
  background,
});

/** A job as the write thread runs it, on that thread's connection. */
export interface WriteJobHandler {
  job: WriteJob<never, unknown>;
  run(input: never): Promise<unknown>;
}

/** Pairs a job with what runs it (the features' `…WriteJobs(db)`). */
export const handle = <In, Out>(
  job: WriteJob<In, Out>,
  run: (input: In) => Promise<Out>,
): WriteJobHandler => ({
  job: job as WriteJob<never, unknown>,
  run: run as (input: never) => Promise<unknown>,
});

/** What the write thread is started with (its `workerData`). */
export interface WriteThreadData {
  file: string;
  lock: SharedArrayBuffer;
}

/** A job's answer or failure as it crosses the thread boundary. */
export type WriteReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string; code?: string } };

/**
 * A thread with its own connection to the SQLite file, for the ingest path's batch transactions
 * (the device writer's flushes, telemetry, client snapshots): their SQL — a third of the event
 * loop's busy time under the device bench at time factor 3, and its longest tasks — runs beside the
 * event loop instead of on it, and a request no longer waits behind a batch being written. The two
 * connections take turns at the file's write lock (writeLock.ts); reads on either never wait (WAL).
 *
 * `entry` is the thread's module (src/writeWorker.ts, or its bundle beside the server's): it opens the
 * connection and serves the jobs its features registered. A job that fails rejects with the error's
 * message and code. A thread that dies fails its jobs in flight and is started again for the next.
 */
export class WriteThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private closed = false;
  /** The jobs in flight, as their callers await them (`close` waits for them). */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Resolved when the current thread has said it serves jobs. */
  private ready: Promise<void> = Promise.resolve();

  constructor(
    private readonly entry: URL,
    private readonly file: string,
    private readonly lock: WriteLock,
    private readonly logger: Logger,
  ) {}

  /**
   * Starts the thread and resolves once it serves jobs (the server waits for it as it starts): loading
   * its module must not delay the first batches — the first devices' rows would be late.
   */
  open(): Promise<void> {
    if (!this.worker && !this.closed) this.start();
    return this.ready;
  }

  run<In, Out>(job: WriteJob<In, Out>, input: In): Promise<Out> {
    if (this.closed) return Promise.reject(new Error('the write thread is closed'));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    // Idle, the thread does not keep the process alive; with a job in flight it must.
    if (this.pending.size === 0) worker.ref();
    const job$ = new Promise<Out>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, job: job.name, input });
    });
    this.inFlight.add(job$);
    const forget = () => this.inFlight.delete(job$);
    job$.then(forget, forget);
    return job$;
  }

  /** Waits for the jobs in flight, then stops the thread (before the server's connection closes). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const data: WriteThreadData = { file: this.file, lock: this.lock.buffer };
    // The built server's thread is plain JavaScript; the sources' (tests) is loaded through tsx.
    const worker = this.entry.pathname.endsWith('.ts')
      ? new Worker(
          `import(${JSON.stringify(tsxApi())}).then(({ tsImport }) => tsImport(${JSON.stringify(this.entry.href)}, ${JSON.stringify(this.entry.href)}))`,
          { eval: true, workerData: data },
        )
      : new Worker(this.entry, { workerData: data });
    worker.unref();
    this.ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('exit', (code) => reject(new Error(`the SQLite write thread exited (code ${code})`)));
    });
    // A failed start is logged below (`error`) and fails the jobs; nobody need wait on it here.
    this.ready.catch(() => {});
    worker.on('message', (reply: WriteReply | 'ready') => {
      if (reply === 'ready') return;
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) p.resolve(reply.value);
      else p.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    });
    worker.on('error', (err) => this.logger.error({ err }, 'the SQLite write thread failed'));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      // Died holding the lock: let the server's connection have it.
      if (this.lock.heldByWriteThread()) this.lock.release();
      const gone = new Error(`the SQLite write thread exited (code ${code})`);
      for (const p of this.pending.values()) p.reject(gone);
      this.pending.clear();
    });
    this.worker = worker;
    return worker;
  }
}

/** tsx's module API (its ES module build), for a thread whose module is TypeScript. */
function tsxApi(): string {
  const dir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  return pathToFileURL(path.join(dir, 'dist/esm/api/index.mjs')).href;
}
