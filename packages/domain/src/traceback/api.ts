/**
 * Traceback (§2 named screen "traceback", issue 15 §4): one client's history in a project — each
 * connection it had (device, SSID, band, signal when it joined and when it left, from when to
 * when) and the roams between devices — built from the connections the server records as client
 * tables change (`client_sessions`).
 */
import { z } from 'zod';
import { clientKickParamsSchema } from '../api/clients';
import { endpoint } from '../api/endpoint';
import { TIME_RANGE_KEYS, TIME_RANGES, type TimeRange } from '../enums/misc';
import { TRACEBACK_ROAM_GAP_MS } from '../limits';

/** The period a traceback opens on: a week (a client's habits, with its roams still readable). */
export const DEFAULT_TRACEBACK_RANGE: TimeRange = '7d';

/** `GET …/clients/:mac/traceback` query: the period (the chart ranges of §2), ending now. */
export const tracebackQuerySchema = z.object({
  range: z.enum(TIME_RANGE_KEYS).default(DEFAULT_TRACEBACK_RANGE),
});
export type TracebackQuery = z.input<typeof tracebackQuerySchema>;

/** The start of a range ending at `now` (epoch ms). */
export function tracebackFrom(range: TimeRange, now: number): number {
  return now - TIME_RANGES[range].seconds * 1000;
}

/** A device the client was connected through. */
export const tracebackDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sn: z.string(),
  model: z.string().nullable(),
});

/** One connection: the client on one device (and one network) from `startedAt` to `endedAt`. */
export const tracebackSessionSchema = z.object({
  device: tracebackDeviceSchema,
  /** wireless | wired */
  connection: z.string(),
  ssid: z.string().nullable(),
  band: z.string().nullable(),
  /** Signal when it joined and when it left (the latest while it is still there), dBm. */
  rssiStart: z.number().int().nullable(),
  rssiEnd: z.number().int().nullable(),
  startedAt: z.number(),
  /** Null: connected now. */
  endedAt: z.number().nullable(),
  /** The device it roamed from (it left there within the roam gap of joining here), else null. */
  roamedFrom: tracebackDeviceSchema.nullable(),
});
export type TracebackSession = z.infer<typeof tracebackSessionSchema>;

export const tracebackSchema = z.object({
  mac: z.string(),
  /** The name it reports (latest), '' when none; `alias` the project's name for it. */
  name: z.string(),
  alias: z.string().nullable(),
  online: z.boolean(),
  from: z.number(),
  to: z.number(),
  /** Oldest first (a timeline reads top to bottom). */
  sessions: z.array(tracebackSessionSchema),
  /** Roams between devices in the period. */
  roams: z.number().int(),
  /** More connections than one answer lists: the oldest were left out. */
  truncated: z.boolean(),
});
export type Traceback = z.infer<typeof tracebackSchema>;

type Unmarked = Omit<TracebackSession, 'roamedFrom'>;

/**
 * Marks the roams of a client's connections, oldest first: a connection is a roam from the device
 * of the one before it when that was on another device and ended at most `TRACEBACK_ROAM_GAP_MS`
 * before this one started (or had not ended: both devices listed it for a moment).
 */
export function markRoams(sessions: readonly Unmarked[]): TracebackSession[] {
  const sorted = [...sessions].sort((a, b) => a.startedAt - b.startedAt);
  return sorted.map((s, i) => {
    const prev = i > 0 ? sorted[i - 1] : undefined;
    const roam =
      prev !== undefined &&
      prev.device.id !== s.device.id &&
      (prev.endedAt === null || s.startedAt - prev.endedAt <= TRACEBACK_ROAM_GAP_MS);
    return { ...s, roamedFrom: roam ? prev.device : null };
  });
}

export const tracebackEndpoints = {
  traceback: endpoint({
    method: 'GET',
    path: '/api/projects/:id/clients/:mac/traceback',
    summary: "A client's connections in a period: device, SSID, band, signal, roams (412 never seen)",
    tag: 'clients',
    auth: { project: 'r' },
    group: 'clients',
    params: clientKickParamsSchema,
    query: tracebackQuerySchema,
    response: tracebackSchema,
  }),
};
