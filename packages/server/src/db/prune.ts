/**
 * Bounded deletes for retention: a prune never runs one statement over a whole table. Rows are
 * deleted by scope (device or project ids, a chunk of consecutive ids between the table's least and
 * greatest, so every statement seeks an index whose first column is the scope and no statement
 * scans the table) and at most `batchRows` per statement (`DELETE … WHERE (key) IN (SELECT key …
 * LIMIT n)`, portable to SQLite and PostgreSQL). Each statement is its own short transaction and the
 * run yields to the event loop between them, so on SQLite the write lock is held one batch at a time
 * and the ingest writer's transactions interleave. The longest batch is measured.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Db } from './index';

export interface PruneLimits {
  /** Rows deleted by one statement at most. */
  batchRows: number;
  /** Scope ids (devices, projects) per statement. */
  scopeIds: number;
  /** Rows one run deletes at most; what is left goes in the next run. */
  maxRowsPerRun: number;
}

export const DEFAULT_PRUNE_LIMITS: PruneLimits = { batchRows: 1000, scopeIds: 200, maxRowsPerRun: 5_000_000 };

/** What one run did: batches, the longest one, and whether it stopped at its row budget. */
export interface PruneStats {
  batches: number;
  rows: number;
  /** The most rows one statement deleted (never more than `batchRows`, but for duplicate keys). */
  largestBatchRows: number;
  longestBatchMs: number;
  /** The run stopped at `maxRowsPerRun`; the rest waits for the next run. */
  truncated: boolean;
}

/** One prune of one table, in batches. */
export interface PruneTarget {
  table: string;
  /** Columns that identify a row (the primary key or `id`); a non-unique key deletes its duplicates too. */
  key: readonly string[];
  /** The column the deletes are split by (its ids come from `ids`); the first column of an index. */
  scope: string;
  /** What is old enough to go (besides the scope). */
  older: RawBuilder<unknown>;
  /**
   * What is old enough to go among these scope ids, when the cutoff differs per scope (a project's
   * own log retention); given, it replaces `older` for each statement's ids (at most `scopeIds`).
   */
  olderOf?: (ids: readonly number[]) => RawBuilder<unknown>;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs the batches of one retention run under one budget. */
export class PruneBatches {
  readonly stats: PruneStats = {
    batches: 0,
    rows: 0,
    largestBatchRows: 0,
    longestBatchMs: 0,
    truncated: false,
  };

  constructor(
    private readonly db: Db,
    readonly limits: PruneLimits = DEFAULT_PRUNE_LIMITS,
  ) {}

  /** Deletes every row of `target` older than its cutoff; returns rows deleted. */
  async prune(target: PruneTarget): Promise<number> {
    const table = sql.table(target.table);
    const scope = sql.ref(target.scope);
    // min() and max() of an index's first column are one seek each.
    const { rows } = await sql<{ lo: number | string | null; hi: number | string | null }>`
      select min(${scope}) as lo, max(${scope}) as hi from ${table}`.execute(this.db);
    const lo = rows[0]?.lo;
    const hi = rows[0]?.hi;
    if (lo === null || lo === undefined || hi === null || hi === undefined) return 0;
    let deleted = 0;
    for (let from = Number(lo); from <= Number(hi); from += this.limits.scopeIds) {
      const part: number[] = [];
      for (let id = from; id < from + this.limits.scopeIds && id <= Number(hi); id++) part.push(id);
      for (;;) {
        if (this.stats.rows >= this.limits.maxRowsPerRun) {
          this.stats.truncated = true;
          return deleted;
        }
        const n = await this.batch(target, part);
        deleted += n;
        if (n < this.limits.batchRows) break;
      }
    }
    return deleted;
  }

  /**
   * Deletes every row of `target` older than its cutoff when the cutoff's own column is indexed (a
   * table of no device or project, e.g. analytics events by day): no scope walk, the same bounded
   * statements and budget. Returns rows deleted.
   */
  async pruneIndexed(target: Pick<PruneTarget, 'table' | 'key' | 'older'>): Promise<number> {
    let deleted = 0;
    for (;;) {
      if (this.stats.rows >= this.limits.maxRowsPerRun) {
        this.stats.truncated = true;
        return deleted;
      }
      const n = await this.batch(target, null);
      deleted += n;
      if (n < this.limits.batchRows) return deleted;
    }
  }

  private async batch(
    target: Pick<PruneTarget, 'table' | 'key' | 'older'> & Partial<PruneTarget>,
    ids: readonly number[] | null,
  ): Promise<number> {
    const table = sql.table(target.table);
    const key = sql.join(target.key.map((c) => sql.ref(c)));
    const keyTuple = target.key.length === 1 ? key : sql`(${key})`;
    const older = ids && target.olderOf ? target.olderOf(ids) : target.older;
    const where =
      ids === null || target.scope === undefined
        ? older
        : sql`${sql.ref(target.scope)} in (${sql.join(ids.map((id) => sql.lit(Math.trunc(id))))}) and ${older}`;
    await yieldToLoop();
    const started = performance.now();
    const r = await sql`delete from ${table} where ${keyTuple} in (
        select ${key} from ${table} where ${where} limit ${sql.lit(this.limits.batchRows)}
      )`.execute(this.db);
    const ms = performance.now() - started;
    const n = Number(r.numAffectedRows ?? 0n);
    this.stats.batches += 1;
    this.stats.rows += n;
    if (n > this.stats.largestBatchRows) this.stats.largestBatchRows = n;
    if (ms > this.stats.longestBatchMs) this.stats.longestBatchMs = ms;
    return n;
  }
}
