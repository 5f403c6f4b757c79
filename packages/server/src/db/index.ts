import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Checkpointer, startCheckpointer } from './checkpointer';
import type { Database } from './schema';
import { asyncLock, ImmediateSqliteDialect, type Lock } from './sqliteDialect';
import { cachedStatements } from './sqliteStatements';
import { WriteLock } from './writeLock';

export { CHUNK, chunks, WRITE_CHUNK, writeChunks } from './chunks';
export { ShapedWrite } from './shapedWrite';
export { handle, type WriteJob, type WriteJobHandler, WriteThread, writeJob } from './writeThread';

export type Db = Kysely<Database>;

/** Connections per node to PostgreSQL: hot-path writes are batched, so a few serve a busy node. */
const PG_POOL_SIZE = 10;
export type DbKind = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /**
   * A SQLite file database: its path and the write lock its connection shares with a write thread
   * (writeThread.ts), which may open its own connection to the same file.
   */
  sqliteFile?: { path: string; lock: WriteLock };
}

/**
 * Opens the database named by a DATABASE_URL: `sqlite:<file>` (better-sqlite3: WAL, foreign keys,
 * busy timeout so concurrent writers wait instead of failing, transactions that lock when they
 * begin: sqliteDialect.ts) or `postgres://…` (a pg.Pool).
 * Close with `db.destroy()`.
 */
export function openDatabase(databaseUrl: string): DbHandle {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = openSqlite(file);
    // A file database is checkpointed by a worker thread (checkpointer.ts), not by the commits.
    let checkpointer: Checkpointer | null = null;
    let sqliteFile: DbHandle['sqliteFile'];
    if (file !== ':memory:' && file !== '') {
      checkpointer = startCheckpointer(path.resolve(file));
      sqliteFile = { path: path.resolve(file), lock: new WriteLock() };
    }
    const database = cachedStatements(sqlite, () => checkpointer?.stop());
    const lock = sqliteFile ? asyncLock(sqliteFile.lock) : null;
    return {
      db: new Kysely<Database>({
        dialect: new ImmediateSqliteDialect({ database }, () => checkpointer?.restarting() ?? null, lock),
      }),
      kind: 'sqlite',
      sqliteFile,
    };
  }
  // bigint columns hold epoch-ms times and byte counters, far below 2^53: read them as numbers.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: PG_POOL_SIZE,
    types: { getTypeParser: bigintAsNumber },
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
}

/**
 * A connection to a SQLite database: WAL, foreign keys, busy timeout so writers outside the process
 * wait instead of failing, and (a file) no auto-checkpoint — the checkpointer thread does it.
 */
function openSqlite(file: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL with NORMAL: a commit no longer waits for fsync (the WAL is synced at checkpoints). The
  // database stays consistent after a crash or power loss; a power loss (not a process crash) may
  // lose the last commits — telemetry and state that devices send again within one interval.
  sqlite.pragma('synchronous = NORMAL');
  if (file !== ':memory:' && file !== '') sqlite.pragma('wal_autocheckpoint = 0');
  return sqlite;
}

/**
 * The write thread's own connection to a SQLite file database (writeThread.ts): the same settings as
 * the server's, its transactions holding the shared write lock (taken blocking: that thread has no
 * other work to keep running).
 */
export function openWriteConnection(file: string, lockBuffer: SharedArrayBuffer): Db {
  const lock = new WriteLock(lockBuffer);
  const sync: Lock = {
    tryAcquire: () => false,
    acquire: () => lock.acquireSync(true),
    release: () => lock.release(),
  };
  return new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: cachedStatements(openSqlite(file)) }, () => null, sync),
  });
}

const INT8_OID = 20;
function bigintAsNumber(oid: number, format?: 'text' | 'binary') {
  if (oid === INT8_OID && format !== 'binary') return (v: string) => Number(v);
  // Each overload of pg's getTypeParser called with its own literal format: no cast needed.
  return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** COUNT(*) comes back as a string from pg (bigint) and a number from SQLite. */
export function toCount(value: unknown): number {
  return Number(value ?? 0);
}
