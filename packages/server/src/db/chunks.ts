/** Slicing rows for multi-row statements. */

/**
 * Rows per multi-row statement: 12 columns × 1,000 stay under SQLite's 32,766 bound parameters (a
 * wider table passes a smaller size).
 */
export const CHUNK = 1000;

/** Rows per multi-row write of the ingest path (`writeChunks`). */
export const WRITE_CHUNK = 64;

/**
 * `rows` for the multi-row writes of the ingest path: slices of `WRITE_CHUNK` rows, the rest in
 * powers of two (32, 16, …, 1), so each statement has one of seven texts and its compiled program
 * is reused (sqliteStatements.ts). SQLite compiles a statement in time proportional to its rows:
 * a fresh 1,000-row upsert cost about 11 ms to prepare, as much as running it.
 */
export function writeChunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  let i = 0;
  for (; i + WRITE_CHUNK <= rows.length; i += WRITE_CHUNK) out.push(rows.slice(i, i + WRITE_CHUNK));
  for (let size = WRITE_CHUNK / 2; size >= 1; size /= 2)
    if (rows.length - i >= size) {
      out.push(rows.slice(i, i + size));
      i += size;
    }
  return out;
}

/** `rows` in slices of at most `size`, for multi-row statements. */
export function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
