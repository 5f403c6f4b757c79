import {
  CompiledQuery,
  type Insertable,
  PostgresAdapter,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import { chunks, type Db, handle, type WriteJobHandler, writeJob } from '../db';
import type { Database, DeviceEventsTable, DevicesTable, PendingDevicesTable } from '../db/schema';

export type DevicePatch = Updateable<DevicesTable>;
export type PendingPatch = Omit<Updateable<PendingDevicesTable>, 'sn'>;
/** An event row that was new (not a redelivery), as committed. */
export type WrittenEvent = Pick<
  Selectable<DeviceEventsTable>,
  'id' | 'device_id' | 'project_id' | 'kind' | 'severity' | 'code' | 'subject' | 'text' | 'at' | 'threshold'
>;

/** Column sets whose UPDATE is kept (the ingest paths use a few dozen). */
const MAX_UPDATE_SHAPES = 200;
/** Rows per set-based UPDATE on PostgreSQL. */
const PG_UPDATE_ROWS = 2000;

/** One flush of the device writer (deviceWriter.ts): coalesced device rows, pending rows, events. */
export interface DeviceFlush {
  /** Maps as the writer kept them (structured clone copies a Map as it is: no entry arrays to build). */
  devices: ReadonlyMap<number, DevicePatch>;
  pending: ReadonlyMap<string, PendingPatch>;
  events: readonly Insertable<DeviceEventsTable>[];
}

/** The write thread's job: a flush on that thread's connection; answers the events that were new. */
export const DEVICE_FLUSH = writeJob<DeviceFlush, WrittenEvent[]>('devices.flush');

/** The jobs the device plane runs on the write thread. */
export function deviceWriteJobs(db: Db): WriteJobHandler[] {
  const writer = new DeviceFlushWriter();
  return [handle(DEVICE_FLUSH, (batch) => writer.write(db, batch))];
}

/**
 * A flush as one transaction: each device's UPDATE (one statement per column set on PostgreSQL),
 * the pending rows, and the events inserted with duplicates ignored. Run by the device writer on
 * the server's connection, or on the SQLite write thread's (`DEVICE_FLUSH`).
 */
export class DeviceFlushWriter {
  /** The UPDATE of each column set written so far (column names joined → SQL text). */
  private readonly updates = new Map<string, string>();

  async write(db: Db, batch: DeviceFlush): Promise<WrittenEvent[]> {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const written: WrittenEvent[] = [];
    await db.transaction().execute(async (trx) => {
      // Rows in ascending id order: several nodes writing the same devices (external broker,
      // messages split between nodes) then lock them in one order and cannot deadlock.
      const rows = [...batch.devices].sort((a, b) => a[0] - b[0]);
      if (postgres) await this.updateDevicesPg(trx, rows);
      else for (const [id, patch] of rows) await this.updateDevice(trx, id, patch);
      for (const [sn, patch] of [...batch.pending].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
        await trx.updateTable('pending_devices').set(patch).where('sn', '=', sn).execute();
      }
      // Chunked: SQLite caps bound parameters per statement.
      for (let i = 0; i < batch.events.length; i += 50) {
        const rows = await trx
          .insertInto('device_events')
          .values(batch.events.slice(i, i + 50))
          .onConflict((oc) => oc.columns(['device_id', 'event_id']).doNothing())
          .returning([
            'id',
            'device_id',
            'project_id',
            'kind',
            'severity',
            'code',
            'subject',
            'text',
            'at',
            'threshold',
          ])
          .execute();
        written.push(...rows);
      }
    });
    return written;
  }

  /**
   * PostgreSQL: the rows locked in id order with one statement, then one UPDATE per column set from a
   * JSON array typed as `devices` rows. One statement per row meant one round trip each behind a busy
   * event loop: with 18,000 devices connecting at once a flush took minutes and the backlog grew
   * without bound (npm run bench, external mode).
   */
  private async updateDevicesPg(
    trx: Transaction<Database>,
    rows: readonly (readonly [number, DevicePatch])[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await sql`select id from devices where id = any(${rows.map(([id]) => id)}::bigint[]) order by id for update`.execute(
      trx,
    );
    const groups = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>();
    for (const [id, patch] of rows) {
      const columns = (Object.keys(patch) as (keyof DevicePatch)[]).filter((k) => patch[k] !== undefined);
      if (columns.length === 0) continue;
      const key = columns.join(',');
      let group = groups.get(key);
      if (!group) {
        group = { columns, rows: [] };
        groups.set(key, group);
      }
      group.rows.push({ ...Object.fromEntries(columns.map((c) => [c, patch[c]])), id });
    }
    for (const { columns, rows: values } of groups.values()) {
      const sets = sql.join(
        columns.map((c) => sql`${sql.ref(c)} = r.${sql.ref(c)}`),
        sql`, `,
      );
      for (const part of chunks(values, PG_UPDATE_ROWS)) {
        await sql`update devices as d set ${sets} from jsonb_populate_recordset(null::devices, ${JSON.stringify(part)}::jsonb) as r where d.id = r.id`.execute(
          trx,
        );
      }
    }
  }

  /**
   * One device row's UPDATE. Patches share a few dozen column sets; each set's statement is built by
   * Kysely once and then run with the patch's values — building the query for every row of every
   * flush was a measurable share of the server's CPU under the device bench.
   */
  private async updateDevice(trx: Transaction<Database>, id: number, patch: DevicePatch): Promise<void> {
    const columns = (Object.keys(patch) as (keyof DevicePatch)[]).filter((k) => patch[k] !== undefined);
    if (columns.length === 0) return;
    const key = columns.join(',');
    let sqlText = this.updates.get(key);
    if (sqlText === undefined) {
      const probe = trx
        .updateTable('devices')
        .set(Object.fromEntries(columns.map((c) => [c, patch[c]])) as DevicePatch)
        .where('id', '=', id)
        .compile();
      // Only a statement whose parameters are exactly the values, in order, then the id is reused.
      if (probe.parameters.length !== columns.length + 1) {
        await trx.executeQuery(probe);
        return;
      }
      sqlText = probe.sql;
      if (this.updates.size < MAX_UPDATE_SHAPES) this.updates.set(key, sqlText);
    }
    await trx.executeQuery(CompiledQuery.raw(sqlText, [...columns.map((c) => patch[c]), id]));
  }
}
