/**
 * The online client list (§3 "Online client") and force-offline: request and response schemas
 * shared by the server and the web, and their endpoints.
 */
import { z } from 'zod';
import { DEFAULT_CLIENT_PAGE_SIZE, LIST_PAGE_MAX, MAX_PAGE_SIZE, SEARCH_TEXT_MAX_LENGTH } from '../limits';
import { endpoint } from './endpoint';
import { commandJobSchema } from './live';
import { projectParamsSchema } from './params';

/** Columns the client list sorts by. */
export const CLIENT_SORT_KEYS = [
  'name',
  'mac',
  'ip',
  'ssid',
  'rssi',
  'txBytes',
  'rxBytes',
  'txRate',
  'rxRate',
  'uptime',
  'device',
  'type',
] as const;
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number];

export const CLIENT_CONNECTIONS = ['wireless', 'wired'] as const;
export type ClientConnection = (typeof CLIENT_CONNECTIONS)[number];

/** `GET /api/projects/:id/clients` query: filters, search, sort and pagination. */
export const clientListQuerySchema = z.object({
  /** Search in name, MAC, IP and SSID (case-insensitive substring). */
  q: z.string().trim().max(SEARCH_TEXT_MAX_LENGTH).optional(),
  /** Only clients of this associated device. */
  deviceId: z.coerce.number().int().positive().optional(),
  connection: z.enum(CLIENT_CONNECTIONS).optional(),
  ssid: z.string().max(SEARCH_TEXT_MAX_LENGTH).optional(),
  band: z.string().max(8).optional(), // not a rule: longer than any band name
  /** Client (terminal) type, e.g. phone, computer. */
  type: z.string().max(16).optional(), // not a rule: longer than any client type
  sort: z.enum(CLIENT_SORT_KEYS).default('uptime'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_CLIENT_PAGE_SIZE),
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;

/** The device a client is associated with. */
export const clientDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sn: z.string(),
  model: z.string().nullable(),
  type: z.string(),
});

/** One online client (§3): every field the list shows. Bytes and rates from the client's view. */
export const onlineClientSchema = z.object({
  mac: z.string(),
  ip: z.string().nullable(),
  name: z.string(),
  /** wireless | wired */
  connection: z.enum(CLIENT_CONNECTIONS),
  /** Client type: phone, computer, tablet, tv, camera, printer, iot, unknown. */
  type: z.string(),
  ssid: z.string().nullable(),
  band: z.string().nullable(),
  /** Signal strength, dBm (wireless only). */
  rssi: z.number().int().nullable(),
  /** Authentication (security mode) of a wireless client. */
  auth: z.string().nullable(),
  port: z.number().int().nullable(),
  vlan: z.number().int().nullable(),
  /** Bytes sent / received by the client since it connected. */
  txBytes: z.number(),
  rxBytes: z.number(),
  /** Bytes per second. */
  txRate: z.number(),
  rxRate: z.number(),
  /** Online duration in seconds, as of now. */
  uptime: z.number().int(),
  device: clientDeviceSchema,
  /** When the device last reported this client (epoch ms). */
  updatedAt: z.number(),
});
export type OnlineClient = z.infer<typeof onlineClientSchema>;

export const clientListSchema = z.object({
  items: z.array(onlineClientSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ClientList = z.infer<typeof clientListSchema>;

/** `:mac` of the force-offline route: a colon-separated MAC, either case. */
export const clientMacParamSchema = z
  .string()
  .regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, 'A MAC address looks like AA:BB:CC:DD:EE:FF')
  .transform((s) => s.toUpperCase());

/**
 * `POST /api/projects/:id/clients/:mac/kick` query: which associated device to ask (optional; by
 * default the device that reported the client most recently). The answer is the command job
 * (`commandJobSchema`); the client leaves the list when the device confirms.
 */
export const kickClientQuerySchema = z.object({ deviceId: z.coerce.number().int().positive().optional() });
export type KickClientQuery = z.input<typeof kickClientQuerySchema>;

/** `…/clients/:mac/kick` */
export const clientKickParamsSchema = projectParamsSchema.extend({ mac: clientMacParamSchema });

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────

const tag = 'clients';

export const clientEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/projects/:id/clients',
    summary: 'Online clients of the project: search, filters, sort, pagination',
    tag,
    auth: { project: 'r' },
    group: 'clients',
    params: projectParamsSchema,
    query: clientListQuerySchema,
    response: clientListSchema,
  }),
  kick: endpoint({
    method: 'POST',
    path: '/api/projects/:id/clients/:mac/kick',
    summary: 'Force a client offline (a kickClient command; 36 device offline, 916 read-only)',
    tag,
    auth: { project: 'rw' },
    group: 'clients',
    params: clientKickParamsSchema,
    query: kickClientQuerySchema,
    response: commandJobSchema,
  }),
};
