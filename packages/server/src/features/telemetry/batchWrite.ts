/**
 * One batch of telemetry samples as one transaction: raw rows, the per-device 5-minute and hourly
 * rollups, the project series and (without the device plane's writer) the devices' latest rates. Run
 * by the writer on the server's connection, or on the SQLite write thread's (`TELEMETRY_BATCH`).
 */
import { type Db, handle, type WriteJobHandler, writeJob } from '../../db';
import { FIVE_MINUTES, ONE_HOUR } from './kinds';
import { foldDeviceRollups, foldSeriesTraffic, type Sample } from './rollup';
import { type HotRates, TelemetryStore } from './store';

/** The write thread's job: a batch whose latest rates go through the device plane's writer. */
export const TELEMETRY_BATCH = writeJob<readonly Sample[], void>('telemetry.batch');

export async function writeTelemetryBatch(
  store: TelemetryStore,
  batch: readonly Sample[],
  hotRates: boolean,
): Promise<void> {
  await store.transaction(async (trx) => {
    await store.insertRaw(
      trx,
      batch.map(({ projectId: _p, kind: _k, ...raw }) => raw),
    );
    await store.upsertRollups(trx, 'telemetry_5m', foldDeviceRollups(batch, FIVE_MINUTES));
    await store.upsertRollups(trx, 'telemetry_1h', foldDeviceRollups(batch, ONE_HOUR));
    await store.upsertSeries(trx, 'project_series_5m', foldSeriesTraffic(batch, FIVE_MINUTES));
    await store.upsertSeries(trx, 'project_series_1h', foldSeriesTraffic(batch, ONE_HOUR));
    if (hotRates) await store.updateHotRates(trx, latestPerDevice(batch));
  });
}

/** The jobs telemetry runs on the write thread, on that thread's connection. */
export function telemetryWriteJobs(db: Db): WriteJobHandler[] {
  const store = new TelemetryStore(db);
  return [handle(TELEMETRY_BATCH, (batch) => writeTelemetryBatch(store, batch, false))];
}

/** The project series of another connection (the write thread's), for the features that feed them. */
export const seriesSinkOf = (db: Db) => new TelemetryStore(db);

/** The newest sample of each device in a batch (what the devices row shows). */
export function latestPerDevice(batch: readonly Sample[]): HotRates[] {
  const latest = new Map<number, Sample>();
  for (const s of batch) {
    const cur = latest.get(s.device_id);
    if (!cur || s.ts >= cur.ts) latest.set(s.device_id, s);
  }
  return [...latest.values()].map((s) => ({
    deviceId: s.device_id,
    txRate: s.tx_rate,
    rxRate: s.rx_rate,
    clients: s.clients,
  }));
}
