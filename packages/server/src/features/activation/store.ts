/**
 * SQL of the activation statistics (migration 0032): the activations (one row per serial number)
 * and their rollup per UTC day × model × firmware × country, written together in one transaction;
 * the dashboard reads the rollup only, so its queries touch one index range of (days × the few
 * model/firmware/country combinations of a day), never the raw rows.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';

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

/** What the dashboard's three reads return. */
export interface ActivationCounts {
  byDay: { day: string; count: number }[];
  byFirmware: { model: string; firmware: string; count: number }[];
  /** Per country over the range and the model filter, not the country filter (the choices too). */
  byCountry: { country: string; count: number }[];
}

type RollupKey = Pick<NewActivation, 'day' | 'model' | 'firmware' | 'country'>;

const keyOf = (r: RollupKey) => JSON.stringify([r.day, r.model, r.firmware, r.country]);

export class ActivationStore {
  constructor(private readonly db: Db) {}

  /** Which of these serial numbers are activated already. */
  async activated(sns: readonly string[]): Promise<Set<string>> {
    if (sns.length === 0) return new Set();
    const rows = await this.db.selectFrom('device_activations').select('sn').where('sn', 'in', sns).execute();
    return new Set(rows.map((r) => r.sn));
  }

  /**
   * Inserts the activations whose serial number has none yet and adds exactly those to the rollup,
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
      const groups = new Map<string, RollupKey & { count: number }>();
      for (const r of inserted) {
        const g = groups.get(keyOf(r));
        if (g) g.count += 1;
        else groups.set(keyOf(r), { ...r, count: 1 });
      }
      for (const g of groups.values()) {
        await tx
          .insertInto('activation_days')
          .values(g)
          .onConflict((oc) =>
            oc
              .columns(['day', 'model', 'firmware', 'country'])
              .doUpdateSet({ count: sql<number>`activation_days.count + ${g.count}` }),
          )
          .execute();
      }
      return inserted.length;
    });
  }

  /** The dashboard's figures for a range and filters, from the rollup (three grouped reads). */
  async counts(f: ActivationFilter): Promise<ActivationCounts> {
    const ranged = () =>
      this.db.selectFrom('activation_days').where('day', '>=', f.from).where('day', '<=', f.to);
    const filtered = () => {
      let q = ranged();
      if (f.model !== undefined) q = q.where('model', '=', f.model);
      if (f.country !== undefined) q = q.where('country', '=', f.country);
      return q;
    };
    const total = sql<string | number>`sum(count)`.as('n');
    const [byDay, byFirmware, byCountry] = await Promise.all([
      filtered().select(['day', total]).groupBy('day').orderBy('day').execute(),
      filtered().select(['model', 'firmware', total]).groupBy(['model', 'firmware']).execute(),
      (f.model === undefined ? ranged() : ranged().where('model', '=', f.model))
        .select(['country', total])
        .groupBy('country')
        .execute(),
    ]);
    return {
      byDay: byDay.map((r) => ({ day: r.day, count: Number(r.n) })),
      byFirmware: byFirmware.map((r) => ({ model: r.model, firmware: r.firmware, count: Number(r.n) })),
      byCountry: byCountry.map((r) => ({ country: r.country, count: Number(r.n) })),
    };
  }

  /**
   * Rebuilds the rollup from the activations (an operator's repair, and the benchmark's fast load):
   * in one transaction, so a reader sees the old rollup or the new one.
   */
  async rebuildRollup(): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('activation_days').execute();
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
    });
  }
}
