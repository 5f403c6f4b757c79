/**
 * SQL of the activation statistics (migration 0032): the activations (one row per serial number)
 * and their rollups — per UTC day × model × firmware × country, the same per month, and one total
 * per day — written together in one transaction. The dashboard reads the rollups only: a breakdown
 * over a range reads the months wholly inside it plus the days of the partial months at its ends;
 * the chart reads the day totals, or the day rollup through its (model, day) or (country, day) index.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';
import { monthOf, splitRange } from './ranges';

/** An activation to record. */
export interface NewActivation {
  sn: string;
  device_id: number;
  project_id: number;
  model: string;
  firmware: string;
  country: string;
  day: string;
  activated_at: number;
}

/** The dashboard's filters, checked. */
export interface ActivationFilter {
  from: string;
  to: string;
  model?: string | undefined;
  country?: string | undefined;
}

/** What the dashboard's reads return. */
export interface ActivationCounts {
  byDay: { day: string; count: number }[];
  byFirmware: { model: string; firmware: string; count: number }[];
  /** Per country over the range and the model filter, not the country filter (the choices too). */
  byCountry: { country: string; count: number }[];
}

type Dims = Pick<NewActivation, 'model' | 'firmware' | 'country'>;
type Group = 'model' | 'firmware' | 'country';

const n = sql<string | number>`sum(count)`.as('n');

export class ActivationStore {
  constructor(private readonly db: Db) {}

  /** Which of these serial numbers are activated already. */
  async activated(sns: readonly string[]): Promise<Set<string>> {
    if (sns.length === 0) return new Set();
    const rows = await this.db.selectFrom('device_activations').select('sn').where('sn', 'in', sns).execute();
    return new Set(rows.map((r) => r.sn));
  }

  /**
   * Inserts the activations whose serial number has none yet and adds exactly those to the rollups,
   * in one transaction: two nodes recording the same device count it once (the unique serial decides).
   * Returns how many were new.
   */
  async record(rows: readonly NewActivation[]): Promise<number> {
    if (rows.length === 0) return 0;
    return this.db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('device_activations')
        .values([...rows])
        .onConflict((oc) => oc.column('sn').doNothing())
        .returning(['day', 'model', 'firmware', 'country'])
        .execute();
      const days = tally(inserted, (r) => [r.day, r]);
      const months = tally(inserted, (r) => [monthOf(r.day), r]);
      const totals = new Map<string, number>();
      for (const r of inserted) totals.set(r.day, (totals.get(r.day) ?? 0) + 1);
      for (const { key, dims, count } of days.values()) {
        await tx
          .insertInto('activation_days')
          .values({ day: key, ...dims, count })
          .onConflict((oc) =>
            oc
              .columns(['day', 'model', 'firmware', 'country'])
              .doUpdateSet({ count: sql<number>`activation_days.count + ${count}` }),
          )
          .execute();
      }
      for (const { key, dims, count } of months.values()) {
        await tx
          .insertInto('activation_months')
          .values({ month: key, ...dims, count })
          .onConflict((oc) =>
            oc
              .columns(['month', 'model', 'firmware', 'country'])
              .doUpdateSet({ count: sql<number>`activation_months.count + ${count}` }),
          )
          .execute();
      }
      for (const [day, count] of totals) {
        await tx
          .insertInto('activation_day_totals')
          .values({ day, count })
          .onConflict((oc) =>
            oc.column('day').doUpdateSet({ count: sql<number>`activation_day_totals.count + ${count}` }),
          )
          .execute();
      }
      return inserted.length;
    });
  }

  /** The dashboard's figures for a range and filters, from the rollups. */
  async counts(f: ActivationFilter): Promise<ActivationCounts> {
    const [byDay, byFirmware, byCountry] = await Promise.all([
      this.perDay(f),
      this.grouped(f, ['model', 'firmware']),
      this.grouped({ from: f.from, to: f.to, model: f.model }, ['country']),
    ]);
    return {
      byDay,
      byFirmware: byFirmware.map((r) => ({
        model: r.model ?? '',
        firmware: r.firmware ?? '',
        count: r.count,
      })),
      byCountry: byCountry.map((r) => ({ country: r.country ?? '', count: r.count })),
    };
  }

  private async perDay(f: ActivationFilter): Promise<{ day: string; count: number }[]> {
    if (f.model === undefined && f.country === undefined) {
      const rows = await this.db
        .selectFrom('activation_day_totals')
        .select(['day', 'count'])
        .where('day', '>=', f.from)
        .where('day', '<=', f.to)
        .orderBy('day')
        .execute();
      return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
    }
    let q = this.db.selectFrom('activation_days').where('day', '>=', f.from).where('day', '<=', f.to);
    if (f.model !== undefined) q = q.where('model', '=', f.model);
    if (f.country !== undefined) q = q.where('country', '=', f.country);
    const rows = await q.select(['day', n]).groupBy('day').orderBy('day').execute();
    return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
  }

  /** Counts grouped by some of model/firmware/country: whole months from the month rollup, edge days from the day rollup. */
  private async grouped(f: ActivationFilter, by: Group[]): Promise<(Partial<Dims> & { count: number })[]> {
    const parts = splitRange(f.from, f.to);
    const reads: Promise<(Partial<Dims> & { n: string | number })[]>[] = [];
    const narrow = <Q extends { where: (c: 'model' | 'country', o: '=', v: string) => Q }>(q: Q): Q => {
      let out = q;
      if (f.model !== undefined) out = out.where('model', '=', f.model);
      if (f.country !== undefined) out = out.where('country', '=', f.country);
      return out;
    };
    if (parts.months) {
      const q = this.db
        .selectFrom('activation_months')
        .where('month', '>=', parts.months.from)
        .where('month', '<=', parts.months.to);
      reads.push(
        narrow(q)
          .select([...by, n])
          .groupBy(by)
          .execute(),
      );
    }
    for (const d of parts.days) {
      const q = this.db.selectFrom('activation_days').where('day', '>=', d.from).where('day', '<=', d.to);
      reads.push(
        narrow(q)
          .select([...by, n])
          .groupBy(by)
          .execute(),
      );
    }
    const merged = new Map<string, Partial<Dims> & { count: number }>();
    for (const rows of await Promise.all(reads)) {
      for (const r of rows) {
        const key = JSON.stringify(by.map((c) => r[c]));
        const m = merged.get(key);
        if (m) m.count += Number(r.n);
        else merged.set(key, { ...Object.fromEntries(by.map((c) => [c, r[c]])), count: Number(r.n) });
      }
    }
    return [...merged.values()];
  }

  /**
   * Rebuilds the rollups from the activations (an operator's repair, and the benchmark's fast load):
   * in one transaction, so a reader sees the old rollups or the new ones.
   */
  async rebuildRollups(): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('activation_days').execute();
      await tx.deleteFrom('activation_months').execute();
      await tx.deleteFrom('activation_day_totals').execute();
      await tx
        .insertInto('activation_days')
        .columns(['day', 'model', 'firmware', 'country', 'count'])
        .expression((eb) =>
          eb
            .selectFrom('device_activations')
            .select(['day', 'model', 'firmware', 'country', sql<number>`count(*)`.as('count')])
            .groupBy(['day', 'model', 'firmware', 'country']),
        )
        .execute();
      const month = sql<string>`${sql.raw("substr(day, 1, 7) || '-01'")}`;
      await tx
        .insertInto('activation_months')
        .columns(['month', 'model', 'firmware', 'country', 'count'])
        .expression((eb) =>
          eb
            .selectFrom('activation_days')
            .select([month.as('month'), 'model', 'firmware', 'country', sql<number>`sum(count)`.as('count')])
            .groupBy([month, 'model', 'firmware', 'country']),
        )
        .execute();
      await tx
        .insertInto('activation_day_totals')
        .columns(['day', 'count'])
        .expression((eb) =>
          eb
            .selectFrom('activation_days')
            .select(['day', sql<number>`sum(count)`.as('count')])
            .groupBy('day'),
        )
        .execute();
    });
  }
}

/** Activations counted per time bucket and model/firmware/country. */
function tally<R extends Dims>(rows: readonly R[], bucket: (r: R) => [string, Dims]) {
  const out = new Map<string, { key: string; dims: Dims; count: number }>();
  for (const r of rows) {
    const [key, d] = bucket(r);
    const dims = { model: d.model, firmware: d.firmware, country: d.country };
    const id = JSON.stringify([key, dims.model, dims.firmware, dims.country]);
    const g = out.get(id);
    if (g) g.count += 1;
    else out.set(id, { key, dims, count: 1 });
  }
  return out;
}
