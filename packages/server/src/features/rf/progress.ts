/**
 * A run's record as it moves: each step written to `rf_runs` and sent live as `rf.progress`, the
 * end written with its outcome (and the log pruned to the latest 20 per project).
 */
import type { RfRun } from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import type { LiveBus } from '../../live/bus';
import type { RfRunRow, RfStore } from './store';

export type RunStep = Partial<Pick<RfRunRow, 'stage' | 'percent' | 'before_json' | 'after_json'>>;

export class RunProgress {
  constructor(private readonly deps: { store: RfStore; bus: Pick<LiveBus, 'publish'>; clock: Clock }) {}

  async step(row: RfRunRow, set: RunStep): Promise<void> {
    // Percent only grows (replies arrive concurrently).
    if (set.percent !== undefined && set.percent < row.percent) set.percent = row.percent;
    // A reply that does not move the rounded percent costs no write (a thousand APs answer).
    if (Object.keys(set).length === 1 && set.percent === row.percent) return;
    Object.assign(row, set);
    await this.deps.store.update(row.id, set);
    this.emit(row);
  }

  async finish(row: RfRunRow, status: 'succeeded' | 'failed', code: number | null): Promise<void> {
    const set = { status, stage: 'done', percent: 100, code, finished_at: this.deps.clock.now() };
    Object.assign(row, set);
    await this.deps.store.update(row.id, set);
    this.emit(row);
    await this.deps.store.prune(row.project_id);
  }

  emit(row: RfRunRow): void {
    this.deps.bus.publish({
      type: 'rf.progress',
      projectId: row.project_id,
      runId: row.id,
      status: row.status as RfRun['status'],
      stage: row.stage as RfRun['stage'],
      percent: row.percent,
    });
  }
}
