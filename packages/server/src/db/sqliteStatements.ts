import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct statements kept prepared; the hot path uses a few dozen, IN lists and batch sizes add some. */
const CACHE_SIZE = 300;
/**
 * Longer SQL is a multi-row statement of hundreds of rows (an IN list of a batch, a bulk insert
 * outside the ingest path): its text rarely repeats, and each kept one holds a large compiled
 * program in native memory (about 1.8 MB for 1,000 rows of 20 columns). The ingest path's writes
 * come in slices of at most 64 rows of a few fixed sizes (`writeChunks`): under this length, so
 * kept (about 64 KB each at 64 rows).
 */
const MAX_CACHED_SQL = 8000;

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
