import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

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
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #busy: Busy;

  constructor(config: SqliteDialectConfig, busy: Busy = () => null) {
    super(config);
    this.#config = config;
    this.#busy = busy;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#busy);
  }
}

/** While something holds the database's writers: a promise of its end (null otherwise). */
export type Busy = () => Promise<unknown> | null;

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #busy: Busy;

  constructor(config: SqliteDialectConfig, busy: Busy) {
    super(config);
    this.#busy = busy;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    // Once the connection is ours: whoever runs next waits here, not in SQLite's busy handler.
    const busy = this.#busy();
    if (busy) await busy;
    return connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
