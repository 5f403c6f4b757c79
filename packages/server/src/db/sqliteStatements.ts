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
 * better-sqlite3 as Kysely's SQLite dialect sees it, with its prepared statements kept (one
 * not used lately out): Kysely prepares every query it runs, and compiling the same UPDATE for every
 * device row of every batch cost about 7 % of the server's CPU under the device bench. A statement
 * still being iterated (a streaming query) is never handed out twice: a new one is prepared.
 */
export function cachedStatements(
  sqlite: SqliteDatabase.Database,
  beforeClose?: () => void,
): KyselySqliteDatabase {
  // Second-chance eviction (CLOCK): a hit only marks its entry used — reordering the Map on every
  // hit (delete, set) was a visible share of the hot path; a full cache passes over the oldest
  // entries, giving each used one another round at the end and evicting the first unused.
  const cache = new Map<string, { statement: SqliteDatabase.Statement; used: boolean }>();
  const evictOne = () => {
    for (const [sql, entry] of cache) {
      cache.delete(sql);
      if (!entry.used) return;
      entry.used = false;
      cache.set(sql, entry);
    }
  };
  return {
    close: () => {
      // Before the connection: the checkpointer lets go first, so this close is the last and
      // checkpoints the rest of the log itself.
      beforeClose?.();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit && !hit.statement.busy) {
        hit.used = true;
        return hit.statement;
      }
      const statement = sqlite.prepare(sql);
      if (!hit && sql.length <= MAX_CACHED_SQL) {
        if (cache.size >= CACHE_SIZE) evictOne();
        cache.set(sql, { statement, used: false });
      }
      return statement;
    },
  };
}
