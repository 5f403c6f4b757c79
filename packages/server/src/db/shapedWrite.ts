import { type Compilable, CompiledQuery, InsertQueryNode, type Kysely } from 'kysely';
import { writeChunks } from './chunks';
import type { Database } from './schema';

type Tx = Kysely<Database>;

interface Shape {
  sql: string;
  /** The row keys in the statement's column order. */
  columns: readonly string[];
}

/**
 * A multi-row INSERT (or upsert) of the ingest path, built by Kysely once per slice size and then run
 * with each slice's values. Building the query (a node per value, then compiling it) was about a
 * tenth of the server's busy time under the device bench, and most of its garbage. Rows come in the
 * slices of `writeChunks`, so a write has at most seven shapes.
 *
 * A shape is kept only when the statement's parameters are exactly the rows' values in its column
 * order (no default for a missing value, no parameter in the conflict clause): the first slice of
 * each size is checked against Kysely's own compilation. A slice whose rows have another set of
 * columns (a value missing, or one more) is built by Kysely as usual.
 */
export class ShapedWrite<Row extends object> {
  private readonly shapes = new Map<number, Shape | null>();

  constructor(private readonly build: (trx: Tx, rows: Row[]) => Compilable<unknown>) {}

  async run(trx: Tx, rows: readonly Row[]): Promise<void> {
    for (const part of writeChunks(rows)) {
      const shape = this.shapes.get(part.length);
      const params = shape ? valuesOf(part, shape.columns) : null;
      if (shape && params) {
        await trx.executeQuery(CompiledQuery.raw(shape.sql, params));
        continue;
      }
      const query = this.build(trx, part).compile();
      if (shape === undefined) {
        const learnt = shapeOf(query, part);
        // A slice with a missing value says nothing of the shape: the next one is checked instead.
        if (learnt !== undefined) this.shapes.set(part.length, learnt);
      }
      await trx.executeQuery(query);
    }
  }
}

/** The statement's shape; null when it is not plain values (never cached); undefined: not known yet. */
function shapeOf(query: CompiledQuery<unknown>, rows: readonly object[]): Shape | null | undefined {
  if (!InsertQueryNode.is(query.query) || !query.query.columns) return null;
  const columns = query.query.columns.map((c) => c.column.name);
  const params = valuesOf(rows, columns);
  if (!params) return undefined;
  const expected = query.parameters;
  if (params.length !== expected.length) return null;
  for (let i = 0; i < params.length; i++) if (params[i] !== expected[i]) return null;
  return { sql: query.sql, columns };
}

/**
 * The rows' values in column order; null unless every row has a value for exactly these columns
 * (Kysely's columns are the keys with a value; another set is another statement).
 */
function valuesOf(rows: readonly object[], columns: readonly string[]): unknown[] | null {
  const out: unknown[] = new Array(rows.length * columns.length);
  let i = 0;
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    let defined = 0;
    for (const key in record) if (record[key] !== undefined) defined++;
    if (defined !== columns.length) return null;
    for (const column of columns) {
      const value = record[column];
      if (value === undefined) return null;
      out[i++] = value;
    }
  }
  return out;
}
