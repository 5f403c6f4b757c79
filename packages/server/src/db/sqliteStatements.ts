import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct statements kept prepared; the hot path uses a few dozen, IN lists and batch sizes add some. */
const CACHE_SIZE = 300;
/**
 * Longer SQL is a multi-row statement (hundreds of rows of parameters): prepared once per batch of
 * rows, so caching saves little, while each kept one holds a large compiled program in native memory.
 */
const MAX_CACHED_SQL = 2000;

/**
 * better-sqlite3 as Kysely's SQLite dialect sees it, with its prepared statements kept (least
 * recently used out): Kysely prepares every query it runs, and compiling the same UPDATE for every
 * device row of every batch cost about 7 % of the server's CPU under the device bench. A statement
 * still being iterated (a streaming query) is never handed out twice: a new one is prepared.
 */
export function cachedStatements(
  sqlite: SqliteDatabase.Database,
  beforeClose?: () => void,
): KyselySqliteDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      // Before the connection: the checkpointer lets go first, so this close is the last and
      // checkpoints the rest of the log itself.
      beforeClose?.();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const statement = sqlite.prepare(sql);
      if (!hit && sql.length <= MAX_CACHED_SQL) {
        if (cache.size >= CACHE_SIZE) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
