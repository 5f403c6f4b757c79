/**
 * The live demo's history (issue 15 §6): `days` of the made-up past of each demo project, written
 * once the server listens, in batches, so the charts, reports and data screen have data the moment
 * a visitor opens them. Idempotent: every row has a key it is skipped on when it exists (rollup and
 * series buckets, client days and summaries, alarm event ids) or a timestamp checked first (log
 * entries, RF runs), so a restart adds nothing for the days already written, and retention prunes
 * what grows old like any history. The current hour (the current 5 minutes for the last day) is
 * left to the live fleet.
 */

import type { InsertObject } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import { retryOnLockConflict } from '../../db/lockRetry';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { FIVE_MINUTES, ONE_HOUR } from '../telemetry';
import {
  alarmRows,
  changeRows,
  clientDay,
  type HistoryDevice,
  type HistoryProject,
  rfRunRows,
  rollupRows,
  seriesRows,
} from './historyRows';
import { type HistoryPattern, localTime, offsetMinutesOf } from './historyShape';
import type { DemoProjectPlan } from './plan';

const BATCH = 200;

function byDevice(a: object, b: object): number {
  const id = (r: object) => ('device_id' in r && typeof r.device_id === 'number' ? r.device_id : 0);
  return id(a) - id(b);
}
const DAY = 24 * ONE_HOUR;

export interface HistoryReport {
  /** Rows written this time (0 when everything existed). */
  rows: number;
  ms: number;
}

export interface HistoryDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  days: number;
}

type Insertable =
  | 'project_series_1h'
  | 'project_series_5m'
  | 'telemetry_1h'
  | 'telemetry_5m'
  | 'client_days'
  | 'client_day_summaries'
  | 'device_events';

export class DemoHistory {
  private written = 0;

  constructor(private readonly deps: HistoryDeps) {}

  async write(projects: readonly DemoProjectPlan[], accountId: number): Promise<HistoryReport> {
    const started = Date.now();
    this.written = 0;
    for (const plan of projects) {
      const p = await this.project(plan);
      if (p.devices.length > 0) await this.writeProject(p, accountId);
    }
    return { rows: this.written, ms: Date.now() - started };
  }

  private async project(plan: DemoProjectPlan): Promise<HistoryProject> {
    const rows = await this.deps.db
      .selectFrom('devices')
      .select(['id', 'sn', 'name', 'mesh_role'])
      .where('project_id', '=', plan.id)
      .orderBy('id')
      .execute();
    const kindOf = new Map(plan.devices.map((d) => [d.sn, d] as const));
    const devices: HistoryDevice[] = rows.flatMap((r) => {
      const unit = kindOf.get(r.sn);
      return unit
        ? [{ id: r.id, kind: unit.kind, meshRole: unit.meshRole ?? r.mesh_role, name: r.name }]
        : [];
    });
    const zone = await this.deps.db
      .selectFrom('projects')
      .select('time_zone')
      .where('id', '=', plan.id)
      .executeTakeFirst();
    const pattern: HistoryPattern = plan.scenario === 'home' ? 'home' : 'hotel';
    return {
      id: plan.id,
      pattern,
      offsetMinutes: offsetMinutesOf(zone?.time_zone ?? 'UTC', this.deps.clock.now()),
      devices,
      // About what the live fleet's population shows, so the present continues the past.
      peakClients: pattern === 'home' ? 30 : 240,
    };
  }

  private async writeProject(p: HistoryProject, accountId: number): Promise<void> {
    const now = this.deps.clock.now();
    const hourTo = Math.floor(now / ONE_HOUR) * ONE_HOUR;
    const hourFrom = hourTo - this.deps.days * DAY;
    const fiveTo = Math.floor(now / FIVE_MINUTES) * FIVE_MINUTES;
    const fiveFrom = Math.max(hourFrom, fiveTo - DAY);
    for (let t = hourFrom; t < hourTo; t += (BATCH / 5) * ONE_HOUR) {
      const end = Math.min(hourTo, t + (BATCH / 5) * ONE_HOUR);
      const series = [];
      const rollups = [];
      for (let b = t; b < end; b += ONE_HOUR) {
        series.push(...seriesRows(p, b, ONE_HOUR));
        rollups.push(...rollupRows(p, b, ONE_HOUR));
      }
      await this.insert('project_series_1h', series, ['project_id', 'kind', 'bucket']);
      await this.insert('telemetry_1h', rollups, ['device_id', 'bucket']);
    }
    const series5 = [];
    const rollups5 = [];
    for (let b = fiveFrom; b < fiveTo; b += FIVE_MINUTES) {
      series5.push(...seriesRows(p, b, FIVE_MINUTES));
      rollups5.push(...rollupRows(p, b, FIVE_MINUTES));
    }
    await this.insert('project_series_5m', series5, ['project_id', 'kind', 'bucket']);
    await this.insert('telemetry_5m', rollups5, ['device_id', 'bucket']);
    await this.writeDays(p, hourFrom, now, accountId);
  }

  /** Finished local days of the window: clients, summaries, alarms, log entries, RF runs. */
  private async writeDays(p: HistoryProject, from: number, now: number, accountId: number): Promise<void> {
    const offset = p.offsetMinutes * 60_000;
    const today = localTime(now, p.offsetMinutes).day;
    const firstMidnight = Math.ceil((from + offset) / DAY) * DAY - offset;
    const clientDays = [];
    const summaries = [];
    const alarms = [];
    const changes = [];
    const runs = [];
    for (let start = firstMidnight; start + DAY <= now; start += DAY) {
      const day = localTime(start, p.offsetMinutes).day;
      if (day >= today) break;
      const c = clientDay(p, day, start);
      clientDays.push(...c.days);
      summaries.push({ ...c.summary, summarized_at: now });
      alarms.push(...alarmRows(p, day, start));
      changes.push(...changeRows(p, start, accountId));
      runs.push(...rfRunRows(p, start));
    }
    await this.insert('client_days', clientDays, ['project_id', 'day', 'mac']);
    await this.insert('client_day_summaries', summaries, ['project_id', 'day']);
    await this.insert('device_events', alarms, ['device_id', 'event_id']);
    await this.insertChanges(p.id, changes, from);
    await this.insertRuns(p.id, runs, from);
  }

  private async insertChanges(projectId: number, rows: ReturnType<typeof changeRows>, from: number) {
    const have = await this.deps.db
      .selectFrom('audit_log')
      .select('created_at')
      .where('project_id', '=', projectId)
      .where('created_at', '>=', from)
      .execute();
    const taken = new Set(have.map((r) => Number(r.created_at)));
    const fresh = rows.filter((r) => !taken.has(r.created_at));
    for (let i = 0; i < fresh.length; i += BATCH) {
      await this.deps.db
        .insertInto('audit_log')
        .values(fresh.slice(i, i + BATCH))
        .execute();
    }
    this.written += fresh.length;
  }

  private async insertRuns(projectId: number, rows: ReturnType<typeof rfRunRows>, from: number) {
    const have = await this.deps.db
      .selectFrom('rf_runs')
      .select('started_at')
      .where('project_id', '=', projectId)
      .where('started_at', '>=', from)
      .execute();
    const taken = new Set(have.map((r) => Number(r.started_at)));
    const fresh = rows.filter((r) => !taken.has(r.started_at));
    if (fresh.length > 0)
      await retryOnLockConflict(() => this.deps.db.insertInto('rf_runs').values(fresh).execute());
    this.written += fresh.length;
  }

  /** In batches, each skipping the rows whose key exists; yields between batches. */
  private async insert<T extends Insertable>(
    table: T,
    rows: readonly InsertObject<Database, T>[],
    key: readonly (keyof Database[T] & string)[],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH) {
      // Rows that reference devices lock them (the foreign key) in device-id order, as every writer does.
      const batch = [...rows.slice(i, i + BATCH)].sort(byDevice);
      const result = await retryOnLockConflict(() =>
        this.deps.db
          .insertInto(table)
          .values(batch)
          .onConflict((oc) => oc.columns(key).doNothing())
          .executeTakeFirst(),
      );
      this.written += Number(result.numInsertedOrUpdatedRows ?? 0);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
