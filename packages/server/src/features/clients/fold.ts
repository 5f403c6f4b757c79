/**
 * Client snapshots into table rows (`fold`): what a batch writes, from the snapshots and the rows
 * their devices had before.
 */
import { DEFAULT_TIME_ZONE, dateIn } from '@netloom/domain';
import type { ClientDaysTable, ClientsTable } from '../../db/schema';
import { bucketOf, type SeriesRow, seriesRow } from '../telemetry';
import type { SessionClose, SessionOpen } from './sessionStore';
import type { ClientKey, PreviousClient } from './store';

/** A snapshot as the ingest hands it over (rows already in table form). */
export interface Snapshot {
  deviceId: number;
  projectId: number;
  at: number;
  clients: Omit<ClientsTable, 'device_id' | 'project_id' | 'updated_at'>[];
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
