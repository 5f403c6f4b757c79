/**
 * Pure folding of a batch of telemetry samples into rollup rows: per device and bucket (5-minute,
 * hourly) and per project series and bucket. Rows of one batch are merged by key in memory first,
 * so each upsert statement touches a key once (PostgreSQL refuses `ON CONFLICT DO UPDATE` hitting
 * the same row twice in one statement) and the database sees one row per key per batch.
 */
import type { ProjectSeriesTable, TelemetryRawTable, TelemetryRollupTable } from '../../db/schema';
import { bucketOf, type DeviceSeriesKind } from './kinds';

/** One telemetry sample with deltas already computed. */
export interface Sample extends TelemetryRawTable {
  projectId: number;
  /** The series this device feeds, or null. */
  kind: DeviceSeriesKind | null;
}

export type RollupRow = TelemetryRollupTable;
export type SeriesRow = ProjectSeriesTable;

export function foldDeviceRollups(samples: readonly Sample[], width: number): RollupRow[] {
  const rows = new Map<string, RollupRow>();
  for (const s of samples) {
    const bucket = bucketOf(s.ts, width);
    const key = `${s.device_id}:${bucket}`;
    const row = rows.get(key);
    if (!row) {
      rows.set(key, {
        device_id: s.device_id,
        bucket,
        samples: 1,
        tx_bytes: s.tx_bytes,
        rx_bytes: s.rx_bytes,
        tx_rate_max: s.tx_rate,
        rx_rate_max: s.rx_rate,
        clients_sum: s.clients,
        clients_max: s.clients,
        cpu_sum: s.cpu ?? 0,
        memory_sum: s.memory ?? 0,
      });
      continue;
    }
    row.samples += 1;
    row.tx_bytes += s.tx_bytes;
    row.rx_bytes += s.rx_bytes;
    row.tx_rate_max = Math.max(row.tx_rate_max, s.tx_rate);
    row.rx_rate_max = Math.max(row.rx_rate_max, s.rx_rate);
    row.clients_sum += s.clients;
    row.clients_max = Math.max(row.clients_max, s.clients);
    row.cpu_sum += s.cpu ?? 0;
    row.memory_sum += s.memory ?? 0;
  }
  return [...rows.values()];
}

/** An empty series row: every measure zero (upserts add to what is stored). */
export function seriesRow(projectId: number, kind: string, bucket: number): SeriesRow {
  return {
    project_id: projectId,
    kind,
    bucket,
    samples: 0,
    tx_bytes: 0,
    rx_bytes: 0,
    tx_rate_max: 0,
    rx_rate_max: 0,
    clients_sum: 0,
    clients_max: 0,
    online_sum: 0,
    total_max: 0,
  };
}

/**
 * Traffic of a batch per project series: summed byte deltas and the highest rate one device
 * reported. Samples, clients and online counts come from the periodic sampler (sampler.ts).
 */
export function foldSeriesTraffic(samples: readonly Sample[], width: number): SeriesRow[] {
  const rows = new Map<string, SeriesRow>();
  for (const s of samples) {
    if (s.kind === null) continue;
    const bucket = bucketOf(s.ts, width);
    const key = `${s.projectId}:${s.kind}:${bucket}`;
    let row = rows.get(key);
    if (!row) {
      row = seriesRow(s.projectId, s.kind, bucket);
      rows.set(key, row);
    }
    row.tx_bytes += s.tx_bytes;
    row.rx_bytes += s.rx_bytes;
    row.tx_rate_max = Math.max(row.tx_rate_max, s.tx_rate);
    row.rx_rate_max = Math.max(row.rx_rate_max, s.rx_rate);
  }
  return [...rows.values()];
}
