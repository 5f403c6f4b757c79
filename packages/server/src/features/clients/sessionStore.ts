/**
 * SQL of client connections (`client_sessions`, traceback): opened when a device's client table
 * starts listing a client, closed when it stops, inside the snapshot batch's own transaction; read
 * per client for its traceback (index `project_id, mac, started_at`).
 */
import { type Kysely, sql } from 'kysely';
import { chunks, type Db, ShapedWrite } from '../../db';
import type { PruneBatches } from '../../db/prune';
import type { ClientSessionsTable, Database } from '../../db/schema';

type Tx = Kysely<Database>;

/** A connection to open (a client a device lists that it did not before). */
export type SessionOpen = Omit<ClientSessionsTable, 'id' | 'rssi_end' | 'ended_at'>;

/** A connection to close: a device stopped listing a client at `at`, last heard at `rssi`. */
export interface SessionClose {
  deviceId: number;
  mac: string;
  at: number;
  rssi: number | null;
}

/** A connection as the traceback reads it, with its device. */
export interface SessionRow {
  device_id: number;
  device_name: string | null;
  device_sn: string | null;
  device_model: string | null;
  connection: string;
  ssid: string | null;
  band: string | null;
  rssi_start: number | null;
  rssi_end: number | null;
  started_at: number;
  ended_at: number | null;
  /** The signal the device reports now (open connections only). */
  rssi_now: number | null;
}

export class ClientSessionStore {
  private readonly opens = new ShapedWrite<SessionOpen>((trx, rows) =>
    trx.insertInto('client_sessions').values(rows),
  );

  constructor(private readonly db: Db) {}

  async open(trx: Tx, rows: readonly SessionOpen[]): Promise<void> {
    await this.opens.run(trx, rows);
  }

  /** Closes connections, one statement per device and instant (the signal per MAC in a CASE). */
  async close(trx: Tx, closes: readonly SessionClose[]): Promise<void> {
    const groups = new Map<string, SessionClose[]>();
    for (const c of closes) {
      const key = `${c.deviceId}|${c.at}`;
      const g = groups.get(key);
      if (g) g.push(c);
      else groups.set(key, [c]);
    }
    for (const group of groups.values()) {
      for (const part of chunks(group)) {
        const first = part[0];
        if (!first) continue;
        const rssi = sql<number | null>`case ${sql.ref('mac')} ${sql.join(
          part.map((c) => sql`when ${c.mac} then ${c.rssi}`),
          sql` `,
        )} else null end`;
        await trx
          .updateTable('client_sessions')
          .set({ ended_at: first.at, rssi_end: sql`cast(${rssi} as integer)` })
          .where('device_id', '=', first.deviceId)
          .where(
            'mac',
            'in',
            part.map((c) => c.mac),
          )
          .where('ended_at', 'is', null)
          .execute();
      }
    }
  }

  /** A client's connections that overlap [from, to], newest first, at most `limit`. */
  async ofClient(projectId: number, mac: string, from: number, limit: number): Promise<SessionRow[]> {
    const rows = await this.db
      .selectFrom('client_sessions as s')
      .leftJoin('devices as d', 'd.id', 's.device_id')
      .leftJoin('clients as c', (j) =>
        j.onRef('c.device_id', '=', 's.device_id').onRef('c.mac', '=', 's.mac').on('s.ended_at', 'is', null),
      )
      .select([
        's.device_id',
        'd.name as device_name',
        'd.sn as device_sn',
        'd.model as device_model',
        's.connection',
        's.ssid',
        's.band',
        's.rssi_start',
        's.rssi_end',
        's.started_at',
        's.ended_at',
        'c.rssi as rssi_now',
      ])
      .where('s.project_id', '=', projectId)
      .where('s.mac', '=', mac)
      .where((eb) => eb.or([eb('s.ended_at', 'is', null), eb('s.ended_at', '>=', from)]))
      .orderBy('s.started_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      ...r,
      started_at: Number(r.started_at),
      ended_at: r.ended_at === null ? null : Number(r.ended_at),
    }));
  }

  /** Retention: connections that ended before `before` go, in bounded batches. */
  async prune(before: number, batches: PruneBatches): Promise<number> {
    return batches.prune({
      table: 'client_sessions',
      key: ['id'],
      scope: 'project_id',
      older: sql`${sql.ref('ended_at')} < ${before}`,
    });
  }
}
