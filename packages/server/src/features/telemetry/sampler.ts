/**
 * Samples every project's fleet on a fixed cadence into the project series: devices online and in
 * total per panel kind, and clients. Averages over a bucket are `*_sum / samples`. Read from the
 * database (two aggregate statements for the whole fleet), so every node sees the same numbers; two
 * nodes sampling the same minute double `samples` and the sums alike, leaving averages unchanged.
 * A read model (docs/architecture.md "Data ownership"): it counts the devices' and clients' rows
 * across every project in one statement each, and writes only telemetry's series.
 */
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import { bucketOf, FIVE_MINUTES, ONE_HOUR, type SeriesKind, seriesKindOf } from './kinds';
import { type SeriesRow, seriesRow } from './rollup';
import type { TelemetryStore } from './store';

export const DEFAULT_SAMPLE_MS = 60_000;
const FIRST_SAMPLE_MS = 5_000;

export class SeriesSampler {
  private timer: NodeJS.Timeout | null = null;
  private first: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Secondary mesh nodes (their traffic is backhaul, fed into the AP series). */
  readonly meshSecondaries = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly store: TelemetryStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly intervalMs = DEFAULT_SAMPLE_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    // A first sample soon after start, so the charts of a fresh console do not wait a whole interval.
    this.first = setTimeout(() => void this.runOnce(), Math.min(FIRST_SAMPLE_MS, this.intervalMs));
    this.first.unref();
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.first) clearTimeout(this.first);
    this.timer = null;
    this.first = null;
    await this.running;
  }

  /** Takes one sample of every project now. */
  async runOnce(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.sample()
      .catch((err) => this.logger.error({ err }, 'series sampling failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async sample(): Promise<void> {
    const now = this.clock.now();
    const fleet = await this.db
      .selectFrom('devices')
      .select((eb) => [
        'project_id',
        'type',
        'mesh_role',
        eb.fn.countAll<number>().as('total'),
        sql<number>`sum(case when status in (0, 9) then 0 else 1 end)`.as('online'),
        sql<number>`sum(coalesce(clients, 0))`.as('clients'),
      ])
      .groupBy(['project_id', 'type', 'mesh_role'])
      .execute();
    const clientCounts = await this.db
      .selectFrom('clients')
      .select((eb) => ['project_id', eb.fn.countAll<number>().as('n')])
      .groupBy('project_id')
      .execute();
    const secondaries = await this.db
      .selectFrom('devices')
      .select('id')
      .where('type', '=', 'mesh')
      .where('mesh_role', '=', 1)
      .execute();
    this.meshSecondaries.clear();
    for (const r of secondaries) this.meshSecondaries.add(r.id);

    const byKey = new Map<
      string,
      { projectId: number; kind: SeriesKind; online: number; total: number; clients: number }
    >();
    const entry = (projectId: number, kind: SeriesKind) => {
      const key = `${projectId}:${kind}`;
      let e = byKey.get(key);
      if (!e) {
        e = { projectId, kind, online: 0, total: 0, clients: 0 };
        byKey.set(key, e);
      }
      return e;
    };
    for (const r of fleet) {
      const kind = seriesKindOf(r.type, r.mesh_role);
      if (kind === null) continue;
      const e = entry(r.project_id, kind);
      e.total += Number(r.total);
      e.online += Number(r.online);
      e.clients += Number(r.clients);
    }
    for (const r of clientCounts) entry(r.project_id, 'client').clients += Number(r.n);

    const rows = (width: number): SeriesRow[] =>
      [...byKey.values()].map((e) => ({
        ...seriesRow(e.projectId, e.kind, bucketOf(now, width)),
        samples: 1,
        online_sum: e.online,
        total_max: e.total,
        clients_sum: e.clients,
        clients_max: e.clients,
      }));
    await this.store.transaction(async (trx) => {
      await this.store.upsertSeries(trx, 'project_series_5m', rows(FIVE_MINUTES));
      await this.store.upsertSeries(trx, 'project_series_1h', rows(ONE_HOUR));
    });
  }
}
