/**
 * The client-snapshot write path. A snapshot replaces its device's rows; when devices report faster
 * than one transaction commits, snapshots queue (the newest per device wins) and are written
 * together: one transaction per batch (≤ 250 ms or ~1,000 client rows), a few statements each.
 * Each batch also adds per-client traffic into `client_days` and the project's `client` series, and
 * opens and closes the clients' connections (`client_sessions`, traceback) as the tables change.
 */

import { DEFAULT_TIME_ZONE, dateIn } from '@netloom/domain';
import type { Logger } from 'pino';
import type { ClientDaysTable, ClientsTable } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { LiveBus } from '../../live/bus';
import type { Devices } from '../devices';
import type { Projects } from '../projects';
import { bucketOf, FIVE_MINUTES, ONE_HOUR, type SeriesRow, type SeriesSink, seriesRow } from '../telemetry';
import type { SessionClose, SessionOpen } from './sessionStore';
import type { ClientKey, ClientStore, PreviousClient } from './store';

/** A snapshot as the ingest hands it over (rows already in table form). */
export interface Snapshot {
  deviceId: number;
  projectId: number;
  at: number;
  clients: Omit<ClientsTable, 'device_id' | 'project_id' | 'updated_at'>[];
}

export interface SnapshotBatchOptions {
  maxRows: number;
  maxDelayMs: number;
  /** `clients.changed` for a device whose client set did not change: at most this often. */
  unchangedEventMs: number;
}
export const DEFAULT_SNAPSHOT_BATCH: SnapshotBatchOptions = {
  maxRows: 1000,
  maxDelayMs: 250,
  unchangedEventMs: 30_000,
};

const TZ_TTL_MS = 10 * 60_000;

/** What the writer asks other features. */
export interface SnapshotLookups {
  /** Projects' time zones: the local day a client's traffic counts in. */
  projects: Pick<Projects, 'settingsOf'>;
  /** Which devices still exist (after a batch failed on a device deleted while it was queued). */
  devices: Pick<Devices, 'projectsOf'>;
}

export class ClientSnapshotWriter {
  private pending = new Map<number, Snapshot>();
  private pendingRows = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly zones = new Map<number, { tz: string; at: number }>();
  private readonly lastEvent = new Map<number, number>();
  failedBatches = 0;

  constructor(
    private readonly store: ClientStore,
    private readonly series: SeriesSink,
    private readonly lookups: SnapshotLookups,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly live: Pick<LiveBus, 'publish'> | null,
    private readonly options: SnapshotBatchOptions = DEFAULT_SNAPSHOT_BATCH,
  ) {}

  add(s: Snapshot): void {
    const prev = this.pending.get(s.deviceId);
    this.pendingRows += s.clients.length - (prev?.clients.length ?? 0);
    this.pending.set(s.deviceId, s);
    // While a batch is being written, the end of that flush picks up what queued meanwhile.
    if (this.flushing) return;
    if (this.pendingRows >= this.options.maxRows) void this.flushBatch();
    else if (!this.timer) this.timer = setTimeout(() => void this.flushBatch(), this.options.maxDelayMs);
  }

  /** Writes everything queued now (and waits for a batch already being written). */
  async flush(): Promise<void> {
    do await this.flushBatch();
    while (this.pending.size > 0);
  }

  /** One transaction of about `maxRows` client rows; what remains is scheduled. */
  private async flushBatch(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    // Oldest devices first, about `maxRows` client rows per transaction (at least one device).
    const batch: Snapshot[] = [];
    let rows = 0;
    for (const [deviceId, snap] of this.pending) {
      if (batch.length > 0 && rows + snap.clients.length > this.options.maxRows) break;
      batch.push(snap);
      rows += snap.clients.length;
      this.pending.delete(deviceId);
    }
    this.pendingRows -= rows;
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
    if (this.pendingRows >= this.options.maxRows || this.pending.size > this.options.maxRows)
      await this.flushBatch();
    else if (this.pending.size > 0 && !this.timer)
      this.timer = setTimeout(() => void this.flushBatch(), this.options.maxDelayMs);
  }

  async stop(): Promise<void> {
    await this.flush();
  }

  private async write(batch: Snapshot[], retry = true): Promise<void> {
    try {
      const zones = await this.timeZones(batch);
      const changed = await this.store.transaction(async (trx) => {
        const deviceIds = batch.map((s) => s.deviceId);
        const previous = await this.store.previous(trx, deviceIds);
        const { refreshed, reindexed, gone, days, series, changed, opens, closes } = fold(
          batch,
          previous,
          zones,
        );
        await this.store.write(trx, gone, refreshed, reindexed);
        // Connections (traceback): closed before the new ones open (a client that changed network).
        await this.store.sessions.close(trx, closes);
        await this.store.sessions.open(trx, opens);
        await this.store.upsertDays(trx, days);
        await this.series.upsertSeries(trx, 'project_series_5m', series(FIVE_MINUTES));
        await this.series.upsertSeries(trx, 'project_series_1h', series(ONE_HOUR));
        return changed;
      });
      this.publish(batch, changed);
    } catch (err) {
      // Retry once, without devices deleted meanwhile (foreign key) or as is (transient failure).
      if (retry) {
        const existing = await this.lookups.devices
          .projectsOf(batch.map((s) => s.deviceId))
          .catch(() => null);
        return this.write(existing ? batch.filter((s) => existing.has(s.deviceId)) : batch, false);
      }

      this.failedBatches += 1;
      this.logger.error({ err, devices: batch.length }, 'client snapshot batch failed');
    }
  }

  private publish(batch: readonly Snapshot[], changed: ReadonlySet<number>): void {
    if (!this.live) return;
    const now = this.clock.now();
    for (const s of batch) {
      const last = this.lastEvent.get(s.deviceId) ?? Number.NEGATIVE_INFINITY;
      if (!changed.has(s.deviceId) && now - last < this.options.unchangedEventMs) continue;
      this.lastEvent.set(s.deviceId, now);
      this.live.publish({ type: 'clients.changed', projectId: s.projectId, deviceId: s.deviceId });
    }
  }

  private async timeZones(batch: readonly Snapshot[]): Promise<Map<number, string>> {
    const now = this.clock.now();
    const missing = [...new Set(batch.map((s) => s.projectId))].filter((id) => {
      const z = this.zones.get(id);
      return !z || now - z.at > TZ_TTL_MS;
    });
    if (missing.length > 0) {
      for (const [id, p] of await this.lookups.projects.settingsOf(missing))
        this.zones.set(id, { tz: p.timeZone, at: now });
    }
    return new Map([...this.zones].map(([id, z]) => [id, z.tz]));
  }
}

/**
 * Turns snapshots into table rows: the new client rows (split into those refreshed in place and
 * those new or moved to another project, connection or band), the clients gone, and each client's
 * traffic since the previous snapshot (the counters are since the client connected; a smaller value
 * means it reconnected, a client not seen before brings all its bytes), merged per (project, day,
 * MAC) and per series bucket.
 */
export function fold(
  batch: readonly Snapshot[],
  previous: readonly PreviousClient[],
  zones: ReadonlyMap<number, string>,
) {
  // The previous rows by device, then MAC: no key string built per client (a hot path).
  const prevByDevice = new Map<number, Map<string, PreviousClient>>();
  for (const p of previous) {
    const macs = prevByDevice.get(p.device_id);
    if (macs) macs.set(p.mac, p);
    else prevByDevice.set(p.device_id, new Map([[p.mac, p]]));
  }
  const rows: ClientsTable[] = [];
  const refreshed: ClientsTable[] = [];
  const reindexed: ClientsTable[] = [];
  const gone: ClientKey[] = [];
  /** Per (project, day), the clients' daily rows by MAC. */
  const days = new Map<string, Map<string, ClientDaysTable>>();
  const traffic: { projectId: number; at: number; tx: number; rx: number }[] = [];
  const changed = new Set<number>();
  const opens: SessionOpen[] = [];
  const closes: SessionClose[] = [];
  for (const s of batch) {
    const tz = zones.get(s.projectId) ?? DEFAULT_TIME_ZONE;
    const day = dateIn(s.at, tz);
    const dayKey = `${s.projectId}|${day}`;
    let dayRows = days.get(dayKey);
    if (!dayRows) {
      dayRows = new Map();
      days.set(dayKey, dayRows);
    }
    const before = prevByDevice.get(s.deviceId);
    let known = 0;
    const seen = new Set<string>();
    for (const c of s.clients) {
      if (seen.has(c.mac)) continue; // a MAC twice in one table: keep the first
      seen.add(c.mac);
      const row = tableRow(s, c);
      rows.push(row);
      const p = before?.get(c.mac);
      const sameIndex =
        p !== undefined && p.project_id === s.projectId && p.connection === c.connection && p.band === c.band;
      (sameIndex ? refreshed : reindexed).push(row);
      if (p) known += 1;
      // A connection starts when the device lists the client anew, or on another network of it.
      const moved = p !== undefined && p.ssid !== undefined && p.ssid !== c.ssid;
      if (moved) closes.push({ deviceId: s.deviceId, mac: c.mac, at: s.at, rssi: p.rssi ?? null });
      if (!p || moved)
        opens.push({
          project_id: s.projectId,
          device_id: s.deviceId,
          mac: c.mac,
          connection: c.connection,
          ssid: c.ssid,
          band: c.band,
          rssi_start: c.rssi,
          started_at: s.at,
        });
      const tx = p && c.tx_bytes >= p.tx_bytes ? c.tx_bytes - p.tx_bytes : c.tx_bytes;
      const rx = p && c.rx_bytes >= p.rx_bytes ? c.rx_bytes - p.rx_bytes : c.rx_bytes;
      traffic.push({ projectId: s.projectId, at: s.at, tx, rx });
      const d = dayRows.get(c.mac);
      if (d) {
        d.tx_bytes += tx;
        d.rx_bytes += rx;
        d.last_seen_at = Math.max(d.last_seen_at, s.at);
        if (c.name) d.name = c.name;
        d.auth = c.auth ?? d.auth;
      } else {
        dayRows.set(c.mac, {
          project_id: s.projectId,
          day,
          mac: c.mac,
          name: c.name,
          auth: c.auth,
          first_seen_at: s.at,
          last_seen_at: s.at,
          tx_bytes: tx,
          rx_bytes: rx,
        });
      }
    }
    // The clients the device no longer lists: their connection there ended.
    for (const p of before?.values() ?? [])
      if (!seen.has(p.mac)) {
        closes.push({ deviceId: s.deviceId, mac: p.mac, at: s.at, rssi: p.rssi ?? null });
        gone.push({ deviceId: s.deviceId, mac: p.mac });
      }
    if (known !== seen.size || known !== (before?.size ?? 0)) changed.add(s.deviceId);
  }
  const series = (width: number): SeriesRow[] => {
    const out = new Map<string, SeriesRow>();
    for (const t of traffic) {
      const bucket = bucketOf(t.at, width);
      const key = `${t.projectId}|${bucket}`;
      let r = out.get(key);
      if (!r) {
        r = seriesRow(t.projectId, 'client', bucket);
        out.set(key, r);
      }
      r.tx_bytes += t.tx;
      r.rx_bytes += t.rx;
    }
    return [...out.values()];
  };
  const dayRows = [...days.values()].flatMap((m) => [...m.values()]);
  return { rows, refreshed, reindexed, gone, days: dayRows, series, changed, opens, closes };
}

/**
 * A client as its table row, every column named: a literal of one shape is several times cheaper
 * than spreading the snapshot's object into a new one (the largest share of this fold's time under
 * the device bench).
 */
function tableRow(s: Snapshot, c: Snapshot['clients'][number]): ClientsTable {
  return {
    device_id: s.deviceId,
    project_id: s.projectId,
    mac: c.mac,
    ip: c.ip,
    name: c.name,
    connection: c.connection,
    type: c.type,
    ssid: c.ssid,
    band: c.band,
    rssi: c.rssi,
    auth: c.auth,
    port: c.port,
    vlan: c.vlan,
    tx_bytes: c.tx_bytes,
    rx_bytes: c.rx_bytes,
    tx_rate: c.tx_rate,
    rx_rate: c.rx_rate,
    uptime: c.uptime,
    updated_at: s.at,
  };
}
