/**
 * The analytics endpoints under `/api` (issue 15 §3): a signed-in console's terminal key, and the
 * data pivot's aggregation. The upload itself is not a JSON endpoint (gzip, signed): see `signing.ts`.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { PIVOT_MAX_ITEMS } from '../limits';
import { PIVOT_DIMENSIONS, PIVOT_MEASURES } from './pivot';

const tag = 'analytics';
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is YYYY-MM-DD');

/** A terminal: its id (the `terminal-id` header) and the key it signs uploads with. */
export const analyticsTerminalSchema = z.object({
  terminalId: z.string(),
  /** Base64url of 32 random bytes; valid while the sign-in that asked for it lasts. */
  key: z.string(),
});
export type AnalyticsTerminal = z.infer<typeof analyticsTerminalSchema>;

export const pivotQuerySchema = z
  .object({
    rows: z.enum(PIVOT_DIMENSIONS).default('page'),
    /** Absent: one column, the total. */
    columns: z.enum(PIVOT_DIMENSIONS).optional(),
    measure: z.enum(PIVOT_MEASURES).default('events'),
    /** First and last UTC day (inclusive); default the last PIVOT_DEFAULT_DAYS days. */
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => q.columns === undefined || q.columns !== q.rows, {
    message: 'Rows and columns must differ',
    path: ['columns'],
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'The first day must not be after the last',
    path: ['to'],
  });
export type PivotQuery = z.input<typeof pivotQuerySchema>;

const pivotHeadSchema = z.object({ key: z.string(), total: z.number().int() });

export const pivotTableSchema = z.object({
  from: day,
  to: day,
  /** At most PIVOT_MAX_ITEMS rows and columns, the largest first; `truncated` when more existed. */
  rows: z.array(pivotHeadSchema.extend({ cells: z.record(z.string(), z.number().int()) })),
  columns: z.array(pivotHeadSchema),
  total: z.number().int(),
  truncated: z.boolean(),
});
export type PivotTable = z.infer<typeof pivotTableSchema>;

export const analyticsEndpoints = {
  terminal: endpoint({
    method: 'POST',
    path: '/api/analytics/terminal',
    summary: 'A terminal id and signing key for analytics uploads, valid for this sign-in',
    tag,
    auth: 'session',
    response: analyticsTerminalSchema,
  }),
  pivot: endpoint({
    method: 'GET',
    path: '/api/analytics/pivot',
    summary: `Data pivot: event counts by two dimensions (≤ ${PIVOT_MAX_ITEMS} each; manufacturer role, 403)`,
    tag,
    auth: 'session',
    query: pivotQuerySchema,
    response: pivotTableSchema,
  }),
};
