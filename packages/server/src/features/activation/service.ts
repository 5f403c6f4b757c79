/**
 * The activation dashboard (issue 15 §2): the manufacturer role only (domain `canViewActivations`,
 * read from the database at every request; 403 else), the range rule (505), and the rollup's counts
 * shaped as the dashboard shows them — the same object the export writes.
 */
import {
  type ActivationPeriod,
  type ActivationStats,
  type activationQuerySchema,
  activationRangeIssue,
  canViewActivations,
  countryName,
  DEVICE_MODELS,
  ERR,
  periodLabel,
  periodStart,
  periodsInRange,
} from '@netloom/domain';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth';
import type { ActivationStore } from './store';

type Query = z.output<typeof activationQuerySchema>;

export interface ActivationServiceDeps {
  store: ActivationStore;
  auth: Pick<Auth, 'permissionsOf'>;
}

const byCountThenName = <T extends { count: number; name: string }>(a: T, b: T) =>
  b.count - a.count || a.name.localeCompare(b.name);

export class ActivationService {
  constructor(private readonly deps: ActivationServiceDeps) {}

  /** 403 unless the caller is the manufacturer role. */
  async requireManufacturer(accountId: number): Promise<void> {
    const me = await this.deps.auth.permissionsOf(accountId);
    if (!me || !canViewActivations(me.role)) throw new AppError(ERR.NO_PERMISSION);
  }

  async stats(q: Query): Promise<ActivationStats> {
    const issue = activationRangeIssue(q.from, q.to);
    if (issue !== null) throw new AppError(issue);
    const counts = await this.deps.store.counts(q);
    return {
      from: q.from,
      to: q.to,
      period: q.period,
      model: q.model ?? null,
      country: q.country ?? null,
      total: counts.byDay.reduce((n, r) => n + r.count, 0),
      series: series(counts.byDay, q.from, q.to, q.period),
      byModel: byModel(counts.byFirmware),
      byFirmware: [...counts.byFirmware].sort(
        (a, b) => b.count - a.count || a.model.localeCompare(b.model) || a.firmware.localeCompare(b.firmware),
      ),
      byCountry: counts.byCountry
        .filter((r) => q.country === undefined || r.country === q.country)
        .map((r) => ({ country: r.country, name: countryName(r.country), count: r.count }))
        .sort(byCountThenName),
      choices: {
        models: [
          ...new Set([...DEVICE_MODELS.map((m) => m.model), ...counts.byFirmware.map((r) => r.model)]),
        ],
        countries: counts.byCountry
          .map((r) => ({ country: r.country, name: countryName(r.country) }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      },
    };
  }
}

function series(
  byDay: readonly { day: string; count: number }[],
  from: string,
  to: string,
  period: ActivationPeriod,
) {
  const sums = new Map<string, number>();
  for (const r of byDay) {
    const p = periodStart(r.day, period);
    sums.set(p, (sums.get(p) ?? 0) + r.count);
  }
  return periodsInRange(from, to, period).map((p) => ({
    period: p,
    label: periodLabel(p, period),
    count: sums.get(p) ?? 0,
  }));
}

function byModel(byFirmware: readonly { model: string; count: number }[]) {
  const sums = new Map<string, number>();
  for (const r of byFirmware) sums.set(r.model, (sums.get(r.model) ?? 0) + r.count);
  return [...sums]
    .map(([model, count]) => ({ model, count }))
    .sort((a, b) => b.count - a.count || a.model.localeCompare(b.model));
}
