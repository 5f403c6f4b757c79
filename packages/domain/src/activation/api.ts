/**
 * The activation statistics endpoints (issue 15 §2): the manufacturer's dashboard — activations
 * per day, week or month, by model, by firmware version and by country — over a date range with
 * optional model and country filters, and the same figures as an .xlsx workbook. Session endpoints
 * refused with 403 to every role but the manufacturer (`canViewActivations`).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { ACTIVATION_PERIODS, isCalendarDay } from './rules';

const calendarDay = z.string().refine(isCalendarDay, 'A date is a calendar day, YYYY-MM-DD.');
const filterValue = z.string().max(64); // not a rule: a model id or an ISO country code

/** `GET /api/activations?from=&to=&period=&model=&country=`: the filters of the dashboard. */
export const activationQuerySchema = z.object({
  /** First day shown (UTC, inclusive). */
  from: calendarDay,
  /** Last day shown (UTC, inclusive); at most ACTIVATION_RANGE_MAX_DAYS days after `from` (505). */
  to: calendarDay,
  period: z.enum(ACTIVATION_PERIODS).default('day'),
  /** Only this model (absent: every model). '' is the "unknown model" bucket. */
  model: filterValue.optional(),
  /** Only this ISO country (absent: every country). '' is the "unknown country" bucket. */
  country: filterValue.optional(),
});
export type ActivationQuery = z.input<typeof activationQuerySchema>;

const count = z.number().int().min(0);

/** One period of the chart: its first day and its activations. */
export const activationPointSchema = z.object({ period: z.string(), label: z.string(), count });
export const activationByModelSchema = z.object({ model: z.string(), count });
export const activationByFirmwareSchema = z.object({ model: z.string(), firmware: z.string(), count });
export const activationByCountrySchema = z.object({ country: z.string(), name: z.string(), count });

/** What the dashboard shows for one set of filters (and exactly what the export writes). */
export const activationStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  period: z.enum(ACTIVATION_PERIODS),
  model: z.string().nullable(),
  country: z.string().nullable(),
  total: count,
  series: z.array(activationPointSchema),
  /** Most activations first. */
  byModel: z.array(activationByModelSchema),
  byFirmware: z.array(activationByFirmwareSchema),
  byCountry: z.array(activationByCountrySchema),
  /** The filter choices: every model and country that has an activation (any day). */
  choices: z.object({
    models: z.array(z.string()),
    countries: z.array(z.object({ country: z.string(), name: z.string() })),
  }),
});
export type ActivationStats = z.infer<typeof activationStatsSchema>;

const tag = 'activations';

export const activationEndpoints = {
  stats: endpoint({
    method: 'GET',
    path: '/api/activations',
    summary:
      'Device activations per day/week/month, by model, firmware and country (manufacturer only, else 403; 505 range)',
    tag,
    auth: 'session',
    query: activationQuerySchema,
    response: activationStatsSchema,
  }),
  exportXlsx: endpoint({
    method: 'GET',
    path: '/api/activations/export.xlsx',
    summary:
      'The same figures as the dashboard shows, as an Excel workbook (manufacturer only, else 403; 505)',
    tag,
    auth: 'session',
    query: activationQuerySchema,
    response: 'file',
  }),
};
