/**
 * Monitoring (§2 "Network status", "Device analysis", "Flow analysis", project overview): response
 * schemas shared by the server and the web. Every series is dense (one point per bucket, oldest
 * first) and served from rollups: 5-minute buckets for 12 h / 24 h, hourly beyond.
 */
import { z } from 'zod';
import { DEFAULT_TIME_RANGE, TIME_RANGE_KEYS, TIME_RANGES, type TimeRange } from '../enums/misc';
import { endpoint } from './endpoint';
import { projectDeviceParamsSchema, projectParamsSchema } from './params';

export const timeRangeSchema = z.enum(TIME_RANGE_KEYS);

/** `?range=` of the monitoring routes (default 24 h). */
export const monitoringRangeQuerySchema = z.object({
  range: timeRangeSchema.default(DEFAULT_TIME_RANGE),
});
export type MonitoringRangeQuery = z.input<typeof monitoringRangeQuerySchema>;

export const FIVE_MINUTES_MS = 5 * 60_000;
export const ONE_HOUR_MS = 60 * 60_000;

/** Bucket width of a range: 5 minutes up to 24 h, hourly beyond. */
export function bucketMsOfRange(range: TimeRange): number {
  return TIME_RANGES[range].seconds <= 24 * 3600 ? FIVE_MINUTES_MS : ONE_HOUR_MS;
}
/** Points a series of this range has (12 h → 144, 24 h → 288, 72 h → 72, 7 d → 168, 30 d → 720). */
export function pointsOfRange(range: TimeRange): number {
  return (TIME_RANGES[range].seconds * 1000) / bucketMsOfRange(range);
}

/** Shared by every series response: which buckets the points are. */
const seriesFrame = {
  range: timeRangeSchema,
  /** Bucket width in ms (300000 or 3600000). */
  bucketMs: z.number().int(),
  /** Start of the first and of the last bucket (epoch ms). */
  from: z.number(),
  to: z.number(),
};

/** Online average over a bucket, 0–total; null when nothing was sampled in that bucket. */
const onlineAvg = z.number().nullable();

export const internetPointSchema = z.object({
  /** Bucket start, epoch ms. */
  t: z.number(),
  /** Average WAN rates over the bucket, bytes per second (tx = upstream). */
  txRate: z.number(),
  rxRate: z.number(),
  /** Highest rate one sample reported in the bucket. */
  txRateMax: z.number(),
  rxRateMax: z.number(),
  online: onlineAvg,
});
export const switchPointSchema = z.object({
  t: z.number(),
  txBytes: z.number(),
  rxBytes: z.number(),
  online: onlineAvg,
});
export const apPointSchema = z.object({
  t: z.number(),
  /** Average clients on APs over the bucket; null when not sampled. */
  clients: z.number().nullable(),
  online: onlineAvg,
});
export const clientPointSchema = z.object({
  t: z.number(),
  clients: z.number().nullable(),
  clientsMax: z.number(),
  /** Bytes clients sent / received in the bucket. */
  txBytes: z.number(),
  rxBytes: z.number(),
});

export const networkStatusSchema = z.object({
  ...seriesFrame,
  internet: z.object({
    /** Gateways/routers (the uplink) online now / in total; `online` null when there is none. */
    online: z.boolean().nullable(),
    onlineDevices: z.number().int(),
    totalDevices: z.number().int(),
    /** Current WAN rates, bytes per second. */
    txRate: z.number(),
    rxRate: z.number(),
    series: z.array(internetPointSchema),
  }),
  switch: z.object({
    online: z.number().int(),
    total: z.number().int(),
    series: z.array(switchPointSchema),
  }),
  ap: z.object({
    online: z.number().int(),
    total: z.number().int(),
    /** Wireless clients now per radio band. */
    bands: z.array(z.object({ band: z.string(), clients: z.number().int() })),
    series: z.array(apPointSchema),
  }),
  client: z.object({
    total: z.number().int(),
    wired: z.number().int(),
    wireless: z.number().int(),
    series: z.array(clientPointSchema),
  }),
});
export type NetworkStatus = z.infer<typeof networkStatusSchema>;

/** A share of a pie: a name (version, model, authentication type…) and how many. */
export const shareSchema = z.object({ name: z.string(), count: z.number().int() });
export type Share = z.infer<typeof shareSchema>;

export const deviceDataSchema = z.object({
  /** Devices per firmware version ("Unknown" before the first hello). */
  versions: z.array(shareSchema),
  /** Devices per model. */
  models: z.array(shareSchema),
  /** The ten APs with the most clients now. */
  apLoad: z.array(
    z.object({
      deviceId: z.number().int(),
      sn: z.string(),
      name: z.string(),
      model: z.string().nullable(),
      clients: z.number().int(),
      online: z.boolean(),
    }),
  ),
});
export type DeviceData = z.infer<typeof deviceDataSchema>;

export const clientDataSchema = z.object({
  range: timeRangeSchema,
  /** Passenger flow: distinct clients per day (project time zone), oldest first. */
  passengerFlow: z.array(z.object({ day: z.string(), clients: z.number().int() })),
  /** The ten clients that moved the most bytes in the range. */
  trafficTop: z.array(
    z.object({
      mac: z.string(),
      name: z.string(),
      txBytes: z.number(),
      rxBytes: z.number(),
      totalBytes: z.number(),
    }),
  ),
  /** Distinct wireless clients per authentication type in the range. */
  authTypes: z.array(shareSchema),
});
export type ClientData = z.infer<typeof clientDataSchema>;

export const projectOverviewSchema = z.object({
  /** Managed devices per type, online now and in total. */
  devices: z.array(z.object({ type: z.string(), online: z.number().int(), total: z.number().int() })),
  onlineDevices: z.number().int(),
  totalDevices: z.number().int(),
  clients: z.number().int(),
  alarmsUnread: z.number().int(),
  /** Internet traffic now, bytes per second. */
  traffic: z.object({ txRate: z.number(), rxRate: z.number() }),
  /** Last 24 h, hourly: clients and WAN rates, for the KPI cards' trend lines. */
  trend: z.array(
    z.object({
      t: z.number(),
      clients: z.number().nullable(),
      txRate: z.number(),
      rxRate: z.number(),
    }),
  ),
});
export type ProjectOverview = z.infer<typeof projectOverviewSchema>;

/** One device's traffic chart (device details): from its own 5-minute / hourly rollups. */
export const deviceTelemetryPointSchema = z.object({
  t: z.number(),
  /** Average rates over the bucket, bytes per second. */
  txRate: z.number(),
  rxRate: z.number(),
  txRateMax: z.number(),
  rxRateMax: z.number(),
  /** Average clients over the bucket's samples; null when the device sent nothing then. */
  clients: z.number().nullable(),
  clientsMax: z.number(),
  /** Average CPU / memory use, percent; null without samples. */
  cpu: z.number().nullable(),
  memory: z.number().nullable(),
});
export const deviceTelemetrySchema = z.object({
  ...seriesFrame,
  deviceId: z.number().int(),
  series: z.array(deviceTelemetryPointSchema),
});
export type DeviceTelemetry = z.infer<typeof deviceTelemetrySchema>;

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────

const tag = 'monitoring';
const auth = { project: 'r' } as const;

export const monitoringEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/api/projects/:id/status',
    summary: 'Network status: Internet, Switch, AP and Client panels (?range=12h|24h|72h|7d|30d)',
    tag,
    auth,
    group: 'status',
    params: projectParamsSchema,
    query: monitoringRangeQuerySchema,
    response: networkStatusSchema,
  }),
  deviceData: endpoint({
    method: 'GET',
    path: '/api/projects/:id/device-data',
    summary: 'Device analysis: software-version share, model share, top-10 AP load',
    tag,
    auth,
    group: 'deviceData',
    params: projectParamsSchema,
    response: deviceDataSchema,
  }),
  clientData: endpoint({
    method: 'GET',
    path: '/api/projects/:id/client-data',
    summary: 'Flow analysis: passenger flow, client traffic top 10, authentication types',
    tag,
    auth,
    group: 'clientData',
    params: projectParamsSchema,
    query: monitoringRangeQuerySchema,
    response: clientDataSchema,
  }),
  // Under the device's path, so the device pages serve it (group `devices`).
  deviceTelemetry: endpoint({
    method: 'GET',
    path: '/api/projects/:id/devices/:deviceId/telemetry',
    summary: "One device's traffic, clients, CPU and memory chart (?range=; 901 unknown device)",
    tag,
    auth,
    group: 'devices',
    params: projectDeviceParamsSchema,
    query: monitoringRangeQuerySchema,
    response: deviceTelemetrySchema,
  }),
  overview: endpoint({
    method: 'GET',
    path: '/api/projects/:id/overview',
    summary: 'Project overview: device and client counts, unread alarms, traffic now, 24 h trend',
    tag,
    auth,
    group: 'overview',
    params: projectParamsSchema,
    response: projectOverviewSchema,
  }),
};
