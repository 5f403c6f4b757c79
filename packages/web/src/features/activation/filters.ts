import {
  ACTIVATION_DEFAULT_RANGE_DAYS,
  type ActivationPeriod,
  type ActivationQuery,
  addDays,
  utcDayOf,
} from '@netloom/domain';

/** What the dashboard's filter bar holds. */
export interface ActivationFilters {
  from: string;
  to: string;
  period: ActivationPeriod;
  model: string | undefined;
  country: string | undefined;
}

/** The last ACTIVATION_DEFAULT_RANGE_DAYS days to today (UTC), per day, every model and country. */
export function defaultFilters(now = Date.now()): ActivationFilters {
  const to = utcDayOf(now);
  return {
    from: addDays(to, 1 - ACTIVATION_DEFAULT_RANGE_DAYS),
    to,
    period: 'day',
    model: undefined,
    country: undefined,
  };
}

/** The API query of the filters (unset filters left out). */
export function queryOf(f: ActivationFilters): ActivationQuery {
  return {
    from: f.from,
    to: f.to,
    period: f.period,
    ...(f.model !== undefined ? { model: f.model } : {}),
    ...(f.country !== undefined ? { country: f.country } : {}),
  };
}
