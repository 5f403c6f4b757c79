import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import type { WriteLock } from './writeLock';

/**
 * Kysely's SQLite driver with transactions that take the write lock when they begin
 * (`BEGIN IMMEDIATE`) instead of at their first write (`BEGIN`, deferred).
 *
 * A deferred transaction reads from a snapshot; if another connection commits before the
 * transaction's first write, that write fails at once with SQLITE_BUSY_SNAPSHOT — the busy timeout
 * does not apply, because waiting cannot make an old snapshot current. The console is the only
 * writer in normal running, but not the only connection: an operator's `sqlite3` session (making
 * the first administrator, docs/operations.md) or a maintenance script may write while it runs, and
 * a request in a read-then-write transaction (adding a device, saving a configuration) then failed
 * with 2000. Taking the lock first makes the other writer wait (busy timeout) or the transaction
 * wait for it. The server's own transactions already run one at a time on its one connection, so
 * taking the lock early costs it nothing.
 *
 * Every query and transaction first waits, without blocking the event loop, for a checkpoint that
 * holds the writers (`busy`: checkpointer.ts) — else its first statement would wait for it inside
 * SQLite's busy handler, asleep on the loop.
 *
 * With a `lock` (a file database with a write thread, writeThread.ts): a transaction takes it
 * before it begins and lets go once it ends, and a write outside a transaction holds it for its one
 * statement; reads never take it (WAL readers do not wait for the writer).
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #busy: Busy;
  readonly #lock: Lock | null;

  constructor(config: SqliteDialectConfig, busy: Busy = () => null, lock: Lock | null = null) {
    super(config);
    this.#config = config;
    this.#busy = busy;
    this.#lock = lock;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#busy, this.#lock);
  }
}

/**
 * The write lock as one connection takes it. `tryAcquire` takes it only if it is free now; `acquire`
 * waits (the event loop's without blocking, the write thread's blocking).
 */
export interface Lock {
  tryAcquire(): boolean;
  acquire(): Promise<void> | void;
  release(): void;
}

/** The event loop's side of a `WriteLock`. */
export const asyncLock = (lock: WriteLock): Lock => new EventLoopLock(lock);

/**
 * The event loop's writers queue here, first come first served, and only the first of them holds a
 * ticket at the shared lock. Each ticket holder waits on the shared cell, and every release wakes
 * every waiter on it: with one ticket per queued write, a thousand writes waiting behind the write
 * thread (a batch upgrade's job rows while the stages pour in) woke a thousand times per release and
 * spent the event loop on it. With one, a release wakes at most this side's one waiter.
 */
class EventLoopLock implements Lock {
  /** True while a write of this side holds the shared lock or waits for it. */
  #busy = false;
  readonly #queue: (() => void)[] = [];

  constructor(private readonly shared: WriteLock) {}

  tryAcquire(): boolean {
    if (this.#busy || !this.shared.tryAcquire()) return false;
    this.#busy = true;
    return true;
  }

  async acquire(): Promise<void> {
    if (this.#busy) {
      // Handed over by `release` once the shared lock is held for this write.
      await new Promise<void>((resolve) => this.#queue.push(resolve));
      return;
    }
    this.#busy = true;
    await this.shared.acquire();
  }

  release(): void {
    this.shared.release();
    const next = this.#queue.shift();
    if (!next) {
      this.#busy = false;
      return;
    }
    // A new ticket for the next one: the write thread, if it waits, goes first.
    void this.shared.acquire().then(next);
  }
}

/** While something holds the database's writers: a promise of its end (null otherwise). */
export type Busy = () => Promise<unknown> | null;

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #busy: Busy;
  readonly #lock: Lock | null;
  #locking: LockingConnection | null = null;

  constructor(config: SqliteDialectConfig, busy: Busy, lock: Lock | null) {
    super(config);
    this.#busy = busy;
    this.#lock = lock;
  }

  /**
   * Kysely's own mutex wakes every waiter at each unlock (they race, one wins, the rest wait again):
   * fine for a few, quadratic for the hundreds a burst of writes queues. This one hands the
   * connection to the first in line only; Kysely's then never has a waiter.
   */
  readonly #turns = new FifoMutex();

  private async take(first = false): Promise<DatabaseConnection> {
    await this.#turns.lock(first);
    return super.acquireConnection();
  }

  private async give(): Promise<void> {
    await super.releaseConnection();
    this.#turns.unlock();
  }

  override async releaseConnection(): Promise<void> {
    await this.give();
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.take();
    // Once the connection is ours: whoever runs next waits here, not in SQLite's busy handler.
    const busy = this.#busy();
    if (busy) await busy;
    const lock = this.#lock;
    if (!lock) return connection;
    this.#locking ??= new LockingConnection(connection, lock, async () => {
      // The lock is taken: the connection goes to whoever queued for it (reads need no lock) while
      // this write waits its turn, and comes back once the lock is ours. Nobody waits for the lock
      // holding the connection, so the two cannot wait for each other.
      await this.give();
      try {
        await lock.acquire();
      } finally {
        // Holding the lock, it goes first: the write thread may be waiting for it.
        await this.take(true);
      }
    });
    return this.#locking;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof LockingConnection) return connection.begin();
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof LockingConnection) return connection.end('commit');
    await super.commitTransaction(connection);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof LockingConnection) return connection.end('rollback');
    await super.rollbackTransaction(connection);
  }
}

/** A mutex whose unlock hands over to the first waiter only (`first`: to the head of the line). */
class FifoMutex {
  #held = false;
  readonly #queue: (() => void)[] = [];

  async lock(first = false): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => (first ? this.#queue.unshift(resolve) : this.#queue.push(resolve)));
  }

  unlock(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** A read needs no lock: a SELECT, built or raw. Anything else (a raw WITH included) might write. */
const isRead = (query: CompiledQuery): boolean =>
  query.query.kind === 'SelectQueryNode' ||
  (query.query.kind === 'RawNode' && /^\s*select\b/i.test(query.sql));

/** The one connection, taking the write lock around its transactions and lone writes. */
class LockingConnection implements DatabaseConnection {
  #inTransaction = false;
  /** Held by this connection's transaction: let go once, whether its commit or its rollback ends it. */
  #held = false;

  constructor(
    private readonly inner: DatabaseConnection,
    private readonly lock: Lock,
    /** Waits for the lock without holding the connection (the driver's). */
    private readonly waitForLock: () => Promise<void>,
  ) {}

  private async take(): Promise<void> {
    if (!this.lock.tryAcquire()) await this.waitForLock();
  }

  async begin(): Promise<void> {
    await this.take();
    this.#held = true;
    try {
      await this.inner.executeQuery(CompiledQuery.raw('begin immediate'));
      this.#inTransaction = true;
    } catch (err) {
      this.letGo();
      throw err;
    }
  }

  async end(how: 'commit' | 'rollback'): Promise<void> {
    try {
      await this.inner.executeQuery(CompiledQuery.raw(how));
    } finally {
      this.#inTransaction = false;
      this.letGo();
    }
  }

  private letGo(): void {
    if (!this.#held) return;
    this.#held = false;
    this.lock.release();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#inTransaction || isRead(query)) return this.inner.executeQuery<R>(query);
    await this.take();
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      this.lock.release();
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}
