/**
 * SQL of client snapshots and the client list. A snapshot replaces the device's rows; the daily
 * history (`client_days`) accumulates per-client traffic, first/last seen and authentication type.
 * The list joins each client's device read-only for its name, SN, model and type, which it also
 * sorts by (docs/architecture.md "Data ownership").
 */
import type { clientListQuerySchema } from '@netloom/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { chunks, type Db, ShapedWrite, writeChunks } from '../../db';
import type { PruneBatches } from '../../db/prune';
import type { ClientDaysTable, ClientsTable, Database } from '../../db/schema';
import { ClientSessionStore } from './sessionStore';

type Tx = Kysely<Database>;

export interface PreviousClient {
  device_id: number;
  mac: string;
  tx_bytes: number;
  rx_bytes: number;
  /** The network and signal it was listed with (what its connection closes with). */
  ssid?: string | null;
  rssi?: number | null;
  /** The indexed columns it is stored with: a row that keeps them is refreshed in place. */
  project_id?: number;
  connection?: string;
  band?: string | null;
}

/** A (device, MAC) row of `clients`. */
export interface ClientKey {
  deviceId: number;
  mac: string;
}

/**
 * The columns a refresh of a listed client sets: every one but the key and the indexed ones
 * (`project_id`, `connection`, `band`). SQLite rewrites only the indexes of the columns an UPDATE
 * names, so a client that keeps its project, connection and band costs one row write, not the six
 * index writes of a delete and an insert.
 */
const REFRESHED = [
  'ip',
  'name',
  'ssid',
  'rssi',
  'auth',
  'port',
  'vlan',
  'tx_bytes',
  'rx_bytes',
  'tx_rate',
  'rx_rate',
  'uptime',
  'updated_at',
] as const satisfies readonly (keyof ClientsTable)[];
const REINDEXED = [...REFRESHED, 'project_id', 'connection', 'band'] as const;

/** Inserts client rows; a (device, MAC) already stored gets `columns` from the new row. */
function clientsUpsert(columns: readonly string[]): ShapedWrite<ClientsTable> {
  const set = Object.fromEntries(columns.map((c) => [c, sql`${sql.ref(`excluded.${c}`)}`]));
  return new ShapedWrite((trx, rows) =>
    trx
      .insertInto('clients')
      .values(rows)
      .onConflict((oc) => oc.columns(['device_id', 'mac']).doUpdateSet(set)),
  );
}

/** A row of the client list: the client, its alias in the project and its associated device. */
export interface ClientListRow extends ClientsTable {
  alias: string | null;
  device_name: string;
  device_sn: string;
  device_model: string | null;
  device_type: string;
}

/** The parsed list query (`clientListQuerySchema` output). */
export type ClientListFilter = z.output<typeof clientListQuerySchema>;

const SORT_COLUMNS: Record<string, string> = {
  // The name shown: the alias when the project gave one.
  name: 'shown_name',
  mac: 'c.mac',
  ip: 'c.ip',
  ssid: 'c.ssid',
  rssi: 'c.rssi',
  txBytes: 'c.tx_bytes',
  rxBytes: 'c.rx_bytes',
  txRate: 'c.tx_rate',
  rxRate: 'c.rx_rate',
  uptime: 'c.uptime',
  device: 'd.name',
  type: 'c.type',
};

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A wired client on a device's port. */
export interface WiredClient {
  mac: string;
  /** Its host name ('' when it has none). */
  name: string;
  port: number;
}

export class ClientStore {
  /** Each client's connections (traceback), written in the snapshot batches' transactions. */
  readonly sessions: ClientSessionStore;

  private readonly refresh = clientsUpsert(REFRESHED);
  private readonly reindex = clientsUpsert(REINDEXED);
  private readonly days = new ShapedWrite<ClientDaysTable>((trx, rows) => {
    const t = 'client_days';
    return trx
      .insertInto(t)
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['project_id', 'day', 'mac']).doUpdateSet({
          name: sql`case when ${sql.ref('excluded.name')} <> '' then ${sql.ref('excluded.name')} else ${sql.ref(`${t}.name`)} end`,
          auth: sql`coalesce(${sql.ref('excluded.auth')}, ${sql.ref(`${t}.auth`)})`,
          last_seen_at: sql`case when ${sql.ref('excluded.last_seen_at')} > ${sql.ref(`${t}.last_seen_at`)} then ${sql.ref('excluded.last_seen_at')} else ${sql.ref(`${t}.last_seen_at`)} end`,
          tx_bytes: sql`${sql.ref(`${t}.tx_bytes`)} + ${sql.ref('excluded.tx_bytes')}`,
          rx_bytes: sql`${sql.ref(`${t}.rx_bytes`)} + ${sql.ref('excluded.rx_bytes')}`,
        } as Record<string, RawBuilder<unknown>>),
      );
  });

  constructor(private readonly db: Db) {
    this.sessions = new ClientSessionStore(db);
  }

  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  async previous(trx: Tx, deviceIds: readonly number[]): Promise<PreviousClient[]> {
    const out: PreviousClient[] = [];
    for (const part of chunks(deviceIds)) {
      out.push(
        ...(await trx
          .selectFrom('clients')
          .select([
            'device_id',
            'mac',
            'tx_bytes',
            'rx_bytes',
            'ssid',
            'rssi',
            'project_id',
            'connection',
            'band',
          ])
          .where('device_id', 'in', part)
          .execute()),
      );
    }
    return out;
  }

  /**
   * Writes a batch's tables: the clients no longer listed (`gone`) go; `refreshed` (listed before
   * with the same project, connection and band) are updated in place; `reindexed` (new, or moved to
   * another of those) are inserted or fully replaced. Upserts, so a row written meanwhile by another
   * node for the same device is overwritten, never duplicated.
   */
  async write(
    trx: Tx,
    gone: readonly ClientKey[],
    refreshed: readonly ClientsTable[],
    reindexed: readonly ClientsTable[],
  ): Promise<void> {
    for (const part of writeChunks(gone))
      await trx
        .deleteFrom('clients')
        .where((eb) =>
          eb(
            eb.refTuple('device_id', 'mac'),
            'in',
            part.map((g) => eb.tuple(g.deviceId, g.mac)),
          ),
        )
        .execute();
    await this.refresh.run(trx, refreshed);
    await this.reindex.run(trx, reindexed);
  }

  /** Adds traffic into each client's day; keeps the first sighting, the latest name and auth. */
  async upsertDays(trx: Tx, rows: readonly ClientDaysTable[]): Promise<void> {
    await this.days.run(trx, rows);
  }

  /** Retention of the daily history: the days before `day` (a local date) go, in bounded batches; the rows deleted. */
  async pruneDays(day: string, batches: PruneBatches): Promise<number> {
    return batches.prune({
      table: 'client_days',
      key: ['project_id', 'day', 'mac'],
      scope: 'project_id',
      older: sql`${sql.ref('day')} < ${day}`,
    });
  }

  /** Wired clients of a device that report their port, in port order. */
  async wiredOnPorts(deviceId: number): Promise<WiredClient[]> {
    const rows = await this.db
      .selectFrom('clients')
      .select(['mac', 'name', 'port'])
      .where('device_id', '=', deviceId)
      .where('connection', '=', 'wired')
      .where('port', 'is not', null)
      .execute();
    return rows
      .map((r) => ({ mac: r.mac, name: r.name, port: Number(r.port) }))
      .filter((r) => Number.isInteger(r.port))
      .sort((a, b) => a.port - b.port || a.mac.localeCompare(b.mac));
  }

  /** Average signal of each radio's wireless clients now: device id → band → dBm. */
  async rssiByRadio(deviceIds: readonly number[]): Promise<Map<number, Map<string, number>>> {
    const out = new Map<number, Map<string, number>>();
    for (const part of chunks(deviceIds)) {
      const rows = await this.db
        .selectFrom('clients')
        .select((eb) => ['device_id', 'band', eb.fn.avg<number>('rssi').as('rssi')])
        .where('device_id', 'in', part)
        .where('rssi', 'is not', null)
        .where('band', 'is not', null)
        .groupBy(['device_id', 'band'])
        .execute();
      for (const r of rows) {
        if (r.band === null || r.rssi === null) continue;
        const m = out.get(r.device_id) ?? new Map<string, number>();
        m.set(r.band, Math.round(Number(r.rssi)));
        out.set(r.device_id, m);
      }
    }
    return out;
  }

  async list(projectId: number, f: ClientListFilter): Promise<{ rows: ClientListRow[]; total: number }> {
    let q = this.db
      .selectFrom('clients as c')
      .innerJoin('devices as d', 'd.id', 'c.device_id')
      .leftJoin('client_aliases as a', (j) =>
        j.onRef('a.project_id', '=', 'c.project_id').onRef('a.mac', '=', 'c.mac'),
      )
      .where('c.project_id', '=', projectId);
    if (f.deviceId !== undefined) q = q.where('c.device_id', '=', f.deviceId);
    if (f.connection) q = q.where('c.connection', '=', f.connection);
    if (f.ssid) q = q.where('c.ssid', '=', f.ssid);
    if (f.band) q = q.where('c.band', '=', f.band);
    if (f.type) q = q.where('c.type', '=', f.type);
    const text = f.q?.trim().toLowerCase();
    if (text) {
      const pattern = `%${escapeLike(text)}%`;
      q = q.where((eb) =>
        eb.or(
          ['a.alias', 'c.name', 'c.mac', 'c.ip', 'c.ssid'].map(
            (col) => sql<boolean>`lower(coalesce(${sql.ref(col)}, '')) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    const totalRow = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const column = SORT_COLUMNS[f.sort] ?? 'c.uptime';
    const shown = sql<string>`lower(coalesce(${sql.ref('a.alias')}, ${sql.ref('c.name')}))`;
    const key = column === 'shown_name' ? shown : sql.ref(column);
    const rows = await q
      .selectAll('c')
      .select([
        'a.alias as alias',
        'd.name as device_name',
        'd.sn as device_sn',
        'd.model as device_model',
        'd.type as device_type',
      ])
      // Empty values last in both directions and on both databases (they disagree on NULL order).
      .orderBy(sql`case when ${key} is null then 1 else 0 end`)
      .orderBy(key, f.order)
      .orderBy('c.mac')
      .orderBy('c.device_id')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute();
    return { rows: rows as ClientListRow[], total: Number(totalRow?.n ?? 0) };
  }

  /** Where a client MAC is listed in a project, most recently reported first. */
  async findByMac(
    projectId: number,
    mac: string,
  ): Promise<{ device_id: number; updated_at: number; name: string; device_name: string }[]> {
    return this.db
      .selectFrom('clients')
      .innerJoin('devices', 'devices.id', 'clients.device_id')
      .select(['clients.device_id', 'clients.updated_at', 'clients.name', 'devices.name as device_name'])
      .where('clients.project_id', '=', projectId)
      .where('clients.mac', '=', mac)
      .orderBy('clients.updated_at', 'desc')
      .execute();
  }

  /** Removes one client row (after the device confirmed a force-offline) and ends its connection. */
  async remove(deviceId: number, mac: string, at: number): Promise<boolean> {
    return this.transaction(async (trx) => {
      const row = await trx
        .selectFrom('clients')
        .select('rssi')
        .where('device_id', '=', deviceId)
        .where('mac', '=', mac)
        .executeTakeFirst();
      if (!row) return false;
      await trx.deleteFrom('clients').where('device_id', '=', deviceId).where('mac', '=', mac).execute();
      await this.sessions.close(trx, [{ deviceId, mac, at, rssi: row.rssi }]);
      return true;
    });
  }
}
