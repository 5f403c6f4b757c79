/**
 * SQL of telemetry: raw rows, incremental rollup upserts (add to the stored bucket), the devices'
 * hot rates, and retention. Every statement is multi-row and chunked, so a batch of 1,000 samples
 * costs a handful of statements, whatever the fleet size. Portable SQL only (SQLite and PostgreSQL):
 * `ON CONFLICT … DO UPDATE` with `excluded`, and CASE instead of max()/greatest().
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Db, ShapedWrite, writeChunks } from '../../db';
import type { PruneBatches } from '../../db/prune';
import type { Database, TelemetryRawTable } from '../../db/schema';
import type { RollupRow, SeriesRow } from './rollup';

type Tx = Kysely<Database>;
export type RollupTable = 'telemetry_5m' | 'telemetry_1h';
export type SeriesTable = 'project_series_5m' | 'project_series_1h';

const add = (table: string, col: string) =>
  sql`${sql.ref(`${table}.${col}`)} + ${sql.ref(`excluded.${col}`)}`;
const greater = (table: string, col: string) => {
  const cur = sql.ref(`${table}.${col}`);
  const inc = sql.ref(`excluded.${col}`);
  return sql`case when ${inc} > ${cur} then ${inc} else ${cur} end`;
};

/** Hot values of one device for the devices row. */
export interface HotRates {
  deviceId: number;
  txRate: number;
  rxRate: number;
  clients: number;
}

/**
 * The upsert into a rollup or series `table` keyed by `key`: the `sums` columns add up, the `maxima`
 * keep the larger.
 */
function accumulating<Row extends object>(
  table: RollupTable | SeriesTable,
  key: readonly string[],
  sums: readonly string[],
  maxima: readonly string[],
): ShapedWrite<Row> {
  const set: Record<string, RawBuilder<unknown>> = {};
  for (const c of sums) set[c] = add(table, c);
  for (const c of maxima) set[c] = greater(table, c);
  // `table` is one of several: Kysely types a row and a key only of one named table, so they are
  // passed untyped here (the callers below pin each table's row type).
  return new ShapedWrite<Row>((trx, rows) =>
    trx
      .insertInto(table)
      .values(rows as never)
      .onConflict((oc) => oc.columns(key as never).doUpdateSet(set as never)),
  );
}

const ROLLUP_SUMS = ['samples', 'tx_bytes', 'rx_bytes', 'clients_sum', 'cpu_sum', 'memory_sum'];
const ROLLUP_MAXIMA = ['tx_rate_max', 'rx_rate_max', 'clients_max'];
const SERIES_SUMS = ['samples', 'tx_bytes', 'rx_bytes', 'clients_sum', 'online_sum'];
const SERIES_MAXIMA = ['tx_rate_max', 'rx_rate_max', 'clients_max', 'total_max'];
const rollupWrite = (table: RollupTable) =>
  accumulating<RollupRow>(table, ['device_id', 'bucket'], ROLLUP_SUMS, ROLLUP_MAXIMA);
const seriesWrite = (table: SeriesTable) =>
  accumulating<SeriesRow>(table, ['project_id', 'kind', 'bucket'], SERIES_SUMS, SERIES_MAXIMA);

export class TelemetryStore {
  private readonly raw = new ShapedWrite<TelemetryRawTable>((trx, rows) =>
    trx.insertInto('telemetry_raw').values(rows),
  );
  private readonly rollups: Record<RollupTable, ShapedWrite<RollupRow>> = {
    telemetry_5m: rollupWrite('telemetry_5m'),
    telemetry_1h: rollupWrite('telemetry_1h'),
  };
  private readonly series: Record<SeriesTable, ShapedWrite<SeriesRow>> = {
    project_series_5m: seriesWrite('project_series_5m'),
    project_series_1h: seriesWrite('project_series_1h'),
  };

  constructor(readonly db: Db) {}

  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  async insertRaw(trx: Tx, rows: readonly TelemetryRawTable[]): Promise<void> {
    await this.raw.run(trx, rows);
  }

  /** Adds rows into per-device buckets: counts and sums add up, maxima keep the larger. */
  async upsertRollups(trx: Tx, table: RollupTable, rows: readonly RollupRow[]): Promise<void> {
    const sorted = [...rows].sort((a, b) => a.device_id - b.device_id || a.bucket - b.bucket);
    await this.rollups[table].run(trx, sorted);
  }

  /** Adds rows into project series buckets (same rules as the per-device rollups). */
  async upsertSeries(trx: Tx, table: SeriesTable, rows: readonly SeriesRow[]): Promise<void> {
    // Three writers upsert series rows (telemetry, client snapshots, the sampler): the same key
    // order everywhere means their row locks cannot deadlock on PostgreSQL.
    const sorted = [...rows].sort(
      (a, b) => a.project_id - b.project_id || a.kind.localeCompare(b.kind) || a.bucket - b.bucket,
    );
    await this.series[table].run(trx, sorted);
  }

  /**
   * The latest rates and client count into the devices rows, one statement per chunk
   * (`WITH v(…) AS (VALUES …) UPDATE … FROM v`). Only these three columns: the rest of the hot
   * state belongs to the device plane.
   */
  async updateHotRates(trx: Tx, rows: readonly HotRates[]): Promise<void> {
    for (const part of writeChunks(rows)) {
      const values = sql.join(
        part.map(
          (r) =>
            sql`(cast(${r.deviceId} as integer), cast(${r.txRate} as double precision), cast(${r.rxRate} as double precision), cast(${r.clients} as integer))`,
        ),
      );
      await sql`with v(id, tx, rx, c) as (values ${values})
        update devices set tx_rate = v.tx, rx_rate = v.rx, clients = v.c
        from v where devices.id = v.id`.execute(trx);
    }
  }

  /** Deletes what is older than each tier keeps, in bounded batches; returns rows deleted per table. */
  async prune(
    cutoffs: { raw: number; fiveMinute: number; hourly: number },
    batches: PruneBatches,
  ): Promise<Record<string, number>> {
    const older = (col: string, cutoff: number) => sql`${sql.ref(col)} < ${cutoff}`;
    const perDevice = (table: string, time: string, cutoff: number) =>
      batches.prune({ table, key: ['device_id', time], scope: 'device_id', older: older(time, cutoff) });
    const perProject = (table: string, cutoff: number) =>
      batches.prune({
        table,
        key: ['project_id', 'kind', 'bucket'],
        scope: 'project_id',
        older: older('bucket', cutoff),
      });
    return {
      telemetry_raw: await perDevice('telemetry_raw', 'ts', cutoffs.raw),
      telemetry_5m: await perDevice('telemetry_5m', 'bucket', cutoffs.fiveMinute),
      project_series_5m: await perProject('project_series_5m', cutoffs.fiveMinute),
      telemetry_1h: await perDevice('telemetry_1h', 'bucket', cutoffs.hourly),
      project_series_1h: await perProject('project_series_1h', cutoffs.hourly),
    };
  }
}
