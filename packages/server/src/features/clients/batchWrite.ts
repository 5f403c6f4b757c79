/**
 * One batch of client snapshots as one transaction: the previous rows read, the new ones folded in
 * (writer.ts `fold`), the table, connections (traceback), daily history and `client` series written.
 * Run by the snapshot writer on the server's connection, or on the SQLite write thread's
 * (`SNAPSHOT_BATCH`). Answers the devices whose client set changed.
 */
import { type Db, handle, type WriteJobHandler, writeJob } from '../../db';
import { FIVE_MINUTES, ONE_HOUR, type SeriesSink } from '../telemetry';
import { fold, type Snapshot } from './fold';
import { ClientStore } from './store';

export interface SnapshotBatch {
  snapshots: readonly Snapshot[];
  /** Each project's time zone (the local day a client's traffic counts in), as entries. */
  zones: readonly (readonly [number, string])[];
}

/** In the background: its latency only delays the client list, which no budget watches. */
export const SNAPSHOT_BATCH = writeJob<SnapshotBatch, number[]>('clients.snapshotBatch', {
  background: true,
});

export async function writeSnapshotBatch(
  store: ClientStore,
  series: SeriesSink,
  { snapshots, zones }: SnapshotBatch,
): Promise<number[]> {
  return store.transaction(async (trx) => {
    const previous = await store.previous(
      trx,
      snapshots.map((s) => s.deviceId),
    );
    const {
      refreshed,
      reindexed,
      gone,
      days,
      series: seriesOf,
      changed,
      opens,
      closes,
    } = fold(snapshots, previous, new Map(zones));
    await store.write(trx, gone, refreshed, reindexed);
    // Connections (traceback): closed before the new ones open (a client that changed network).
    await store.sessions.close(trx, closes);
    await store.sessions.open(trx, opens);
    await store.upsertDays(trx, days);
    await series.upsertSeries(trx, 'project_series_5m', seriesOf(FIVE_MINUTES));
    await series.upsertSeries(trx, 'project_series_1h', seriesOf(ONE_HOUR));
    return [...changed];
  });
}

/** The jobs clients run on the write thread, on that thread's connection. */
export function clientsWriteJobs(db: Db, series: SeriesSink): WriteJobHandler[] {
  const store = new ClientStore(db);
  return [handle(SNAPSHOT_BATCH, (batch) => writeSnapshotBatch(store, series, batch))];
}
