import type { RfNoise, RfRadioChange, RfRun } from '@netloom/domain';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db';
import type { RfRunsTable } from '../../db/schema';

export type RfRunRow = Selectable<RfRunsTable>;

/** Finished runs kept per project (the log shows the latest 20). */
export const RF_RECORDS_KEPT = 20;

/** One neighbour-scan entry as stored: `listenerId` heard `transmitterId` on `band`. */
export interface NeighbourRow {
  listenerId: number;
  transmitterId: number;
  band: string;
  channel: number;
  txPower: number;
  rssi: number;
  measuredAt: number;
}

/** SQL of RF optimisation runs (`rf_runs`) and of the latest neighbour scans (`rf_neighbours`). */
export class RfStore {
  constructor(readonly db: Db) {}

  async insert(row: Insertable<RfRunsTable>): Promise<number> {
    const r = await this.db.insertInto('rf_runs').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async update(id: number, set: Partial<Omit<RfRunRow, 'id' | 'project_id'>>): Promise<void> {
    await this.db.updateTable('rf_runs').set(set).where('id', '=', id).execute();
  }

  get(projectId: number, id: number): Promise<RfRunRow | undefined> {
    return this.db
      .selectFrom('rf_runs')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  running(projectId: number): Promise<RfRunRow | undefined> {
    return this.db
      .selectFrom('rf_runs')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('status', '=', 'running')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** The latest finished runs, newest first. */
  records(projectId: number, limit = RF_RECORDS_KEPT): Promise<RfRunRow[]> {
    return this.db
      .selectFrom('rf_runs')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('status', '!=', 'running')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Deletes finished runs beyond the latest `keep` of a project. */
  async prune(projectId: number, keep = RF_RECORDS_KEPT): Promise<void> {
    const kept = await this.records(projectId, keep);
    if (kept.length < keep) return;
    const oldest = kept[kept.length - 1] as RfRunRow;
    await this.db
      .deleteFrom('rf_runs')
      .where('project_id', '=', projectId)
      .where('status', '!=', 'running')
      .where('id', '<', oldest.id)
      .execute();
  }

  /**
   * Keeps what these listeners heard in their latest scan: each listener's earlier rows are replaced
   * (a neighbour no longer heard is dropped), in one transaction.
   */
  async saveNeighbours(projectId: number, listeners: readonly number[], rows: readonly NeighbourRow[]) {
    if (listeners.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('rf_neighbours')
        .where('listener_id', 'in', [...listeners])
        .execute();
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto('rf_neighbours')
          .values(
            rows.slice(i, i + 500).map((r) => ({
              project_id: projectId,
              listener_id: r.listenerId,
              transmitter_id: r.transmitterId,
              band: r.band,
              channel: r.channel,
              tx_power: r.txPower,
              rssi: r.rssi,
              measured_at: r.measuredAt,
            })),
          )
          .execute();
      }
    });
  }

  /** The latest neighbour scans of a project's devices. */
  async neighbours(projectId: number): Promise<NeighbourRow[]> {
    const rows = await this.db
      .selectFrom('rf_neighbours')
      .selectAll()
      .where('project_id', '=', projectId)
      .execute();
    return rows.map((r) => ({
      listenerId: r.listener_id,
      transmitterId: r.transmitter_id,
      band: r.band,
      channel: r.channel,
      txPower: r.tx_power,
      rssi: r.rssi,
      measuredAt: Number(r.measured_at),
    }));
  }

  /** Runs left `running` by a server that stopped: they cannot go on (nothing survives a restart). */
  /** Fails the runs still `running` (those started before `startedBefore` when given). */
  async failAbandoned(code: number, at: number, startedBefore?: number): Promise<number> {
    let q = this.db
      .updateTable('rf_runs')
      .set({ status: 'failed', code, finished_at: at })
      .where('status', '=', 'running');
    if (startedBefore !== undefined) q = q.where('started_at', '<', startedBefore);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}

export function toRfRun(r: RfRunRow): RfRun {
  return {
    id: r.id,
    trigger: r.trigger as RfRun['trigger'],
    status: r.status as RfRun['status'],
    stage: r.stage as RfRun['stage'],
    percent: r.percent,
    startedAt: Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    code: r.code,
    before: r.before_json ? (JSON.parse(r.before_json) as RfNoise) : null,
    ...afterFigures(r.after_json),
    accessThreshold: r.access_threshold,
    changes: JSON.parse(r.changes_json) as RfRadioChange[],
  };
}

/**
 * `after_json` holds the predicted figures and, once measured, the measured ones under `measured`
 * (one JSON column for both keeps runs recorded before the measurement readable as they are).
 */
export interface AfterJson extends RfNoise {
  measured?: RfNoise;
}

function afterFigures(json: string | null): Pick<RfRun, 'after' | 'measuredAfter'> {
  if (!json) return { after: null, measuredAfter: null };
  const { measured, ...after } = JSON.parse(json) as AfterJson;
  return { after, measuredAfter: measured ?? null };
}
