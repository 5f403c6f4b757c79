import {
  CompiledQuery,
  type Insertable,
  PostgresAdapter,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Logger } from 'pino';
import { chunks, type Db } from '../db';
import { isLockConflict } from '../db/lockRetry';
import type { Database, DeviceEventsTable, DevicesTable, PendingDevicesTable } from '../db/schema';

export type DevicePatch = Updateable<DevicesTable>;
export type PendingPatch = Omit<Updateable<PendingDevicesTable>, 'sn'>;
/** An event row that was new (not a redelivery), as committed. */
export type WrittenEvent = Pick<
  Selectable<DeviceEventsTable>,
  'id' | 'device_id' | 'project_id' | 'kind' | 'severity' | 'code' | 'subject' | 'text' | 'at' | 'threshold'
>;

/**
 * Flush at least this often, and at once when this many devices are waiting. 100 ms keeps
 * publish → committed well under the 250 ms p99 budget while a flush still carries ~30 devices at
 * 10,000 devices reporting every 30 s.
 */
const FLUSH_INTERVAL_MS = 100;
const FLUSH_BATCH = 1000;
/** A status change is written after at most this delay (the live event goes out at once). */
const URGENT_DELAY_MS = 20;
/** Column sets whose UPDATE is kept (the ingest paths use a few dozen). */
const MAX_UPDATE_SHAPES = 200;
/** Rows per set-based UPDATE on PostgreSQL. */
const PG_UPDATE_ROWS = 2000;

/**
 * The batched writer of device hot state (issue 3 budgets: never one SQL round trip per message).
 * Patches are coalesced per device — ten `state`s of one device in a window become one UPDATE —
 * and written in one transaction per flush, every 100 ms or at 1,000 devices. Events are inserted
 * in the same flush with duplicates ignored. Telemetry/clients features may `patch` too, so all
 * `devices` row writes share one stream.
 */
export class DeviceWriter {
  private devices = new Map<number, DevicePatch>();
  private pending = new Map<string, PendingPatch>();
  private events: Insertable<DeviceEventsTable>[] = [];
  private timer: NodeJS.Timeout | null = null;
  private urgent: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private stopped = false;
  /** Flushes done and rows written, for stats. */
  readonly counters = { flushes: 0, deviceRows: 0, eventRows: 0, failures: 0 };
  private readonly eventListeners = new Set<(rows: WrittenEvent[]) => void>();
  /** The UPDATE of each column set written so far (column names joined → SQL text). */
  private readonly updates = new Map<string, string>();
  private readonly postgres: boolean;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Merges a patch into the device's waiting row; `urgent` (status changes) flushes within ms. */
  patch(deviceId: number, patch: DevicePatch, urgent = false): void {
    const prev = this.devices.get(deviceId);
    this.devices.set(deviceId, prev ? { ...prev, ...patch } : { ...patch });
    if (urgent) this.soon();
    else if (this.devices.size >= FLUSH_BATCH) void this.flush();
  }

  /** Updates an existing pending-device row (coalesced like `patch`). */
  patchPending(sn: string, patch: PendingPatch): void {
    const prev = this.pending.get(sn);
    this.pending.set(sn, prev ? { ...prev, ...patch } : { ...patch });
  }

  addEvents(rows: Insertable<DeviceEventsTable>[]): void {
    this.events.push(...rows);
    if (this.events.length >= FLUSH_BATCH) void this.flush();
  }

  /** Called after each commit that inserted new events (redeliveries left out), e.g. to go live. */
  onEventsWritten(fn: (rows: WrittenEvent[]) => void): () => void {
    this.eventListeners.add(fn);
    return () => this.eventListeners.delete(fn);
  }

  /** Drops waiting writes of a device (it was deleted). */
  forget(deviceId: number): void {
    this.devices.delete(deviceId);
  }

  private soon(): void {
    if (this.urgent || this.stopped) return;
    this.urgent = setTimeout(() => {
      this.urgent = null;
      void this.flush();
    }, URGENT_DELAY_MS);
  }

  /** Writes everything waiting; concurrent calls wait for the running flush and then flush again. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.devices.size === 0 && this.pending.size === 0 && this.events.length === 0) return;
    const devices = this.devices;
    const pending = this.pending;
    const events = this.events;
    this.devices = new Map();
    this.pending = new Map();
    this.events = [];
    this.flushing = this.write(devices, pending, events).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async write(
    devices: Map<number, DevicePatch>,
    pending: Map<string, PendingPatch>,
    events: Insertable<DeviceEventsTable>[],
  ): Promise<void> {
    const written: WrittenEvent[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        // Rows in ascending id order: several nodes writing the same devices (external broker,
        // messages split between nodes) then lock them in one order and cannot deadlock.
        const rows = [...devices].sort((a, b) => a[0] - b[0]);
        if (this.postgres) await this.updateDevicesPg(trx, rows);
        else for (const [id, patch] of rows) await this.updateDevice(trx, id, patch);
        for (const [sn, patch] of [...pending].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
          await trx.updateTable('pending_devices').set(patch).where('sn', '=', sn).execute();
        }
        // Chunked: SQLite caps bound parameters per statement.
        for (let i = 0; i < events.length; i += 50) {
          const rows = await trx
            .insertInto('device_events')
            .values(events.slice(i, i + 50))
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
      this.counters.flushes++;
      this.counters.deviceRows += devices.size;
      this.counters.eventRows += events.length;
      for (const fn of written.length > 0 ? this.eventListeners : []) {
        try {
          fn(written);
        } catch (err) {
          this.logger.error({ err }, 'an event listener failed');
        }
      }
    } catch (err) {
      // Another node's transaction won a lock conflict: the rows go back in the queue under anything
      // newer (a status is written only when it changes, so a lost write would never heal).
      if (isLockConflict(err)) {
        for (const [id, patch] of devices) this.devices.set(id, { ...patch, ...this.devices.get(id) });
        for (const [sn, patch] of pending) this.pending.set(sn, { ...patch, ...this.pending.get(sn) });
        this.events.push(...events);
        this.counters.failures++;
        this.logger.warn({ devices: devices.size }, 'device state flush lost a lock conflict; retried');
        return;
      }
      // A device deleted mid-flush (FK on events) or a lost DB connection: log; state heals with the
      // next message, and retrying a poisoned batch forever would block every other device.
      this.counters.failures++;
      this.logger.error({ err, devices: devices.size, events: events.length }, 'device state flush failed');
    }
  }

  /**
   * PostgreSQL: the rows locked in id order with one statement, then one UPDATE per column set from a
   * JSON array typed as `devices` rows. One statement per row meant one round trip each behind a busy
   * event loop: with 18,000 devices connecting at once a flush took minutes and the backlog grew
   * without bound (npm run bench, external mode).
   */
  private async updateDevicesPg(trx: Transaction<Database>, rows: [number, DevicePatch][]): Promise<void> {
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

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.urgent) clearTimeout(this.urgent);
    this.timer = null;
    this.urgent = null;
    await this.flush();
  }
}
