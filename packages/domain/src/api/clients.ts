/**
 * The online client list (§3 "Online client") and force-offline: request and response schemas
 * shared by the server and the web, and their endpoints.
 */
import { z } from 'zod';
import {
  CLIENT_ALIAS_MAX_LENGTH,
  DEFAULT_CLIENT_PAGE_SIZE,
  LIST_PAGE_MAX,
  MAX_PAGE_SIZE,
  SEARCH_TEXT_MAX_LENGTH,
} from '../limits';
import { textIssue, textSchema } from '../validation/text';
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
  /** Search in name, alias, MAC, IP and SSID (case-insensitive substring). */
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
  /** The name the client reports (its host name), '' when it reports none. */
  name: z.string(),
  /** The name the project gave the client; shown instead of `name` wherever the client is named. */
  alias: z.string().nullable(),
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

/**
 * The name to show for a client: its alias, else the name it reports, else its MAC. Every place
 * that names a client uses this, so an alias shows everywhere.
 */
export function clientDisplayName(c: { alias: string | null; name: string; mac: string }): string {
  return c.alias || c.name || c.mac;
}

/** The alias rules (§5 general text: not blank, no emoticons, no outer spaces, 1–32 characters). */
export const CLIENT_ALIAS_RULES = { label: 'Alias', max: CLIENT_ALIAS_MAX_LENGTH } as const;
/** The first broken alias rule as a message, or null (the form checks as you type). */
export function clientAliasIssue(alias: string): string | null {
  return textIssue(alias, CLIENT_ALIAS_RULES);
}

/** `PUT …/clients/:mac/alias`: the alias to set, or null to remove it (the reported name shows again). */
export const clientAliasBodySchema = z.object({ alias: textSchema(CLIENT_ALIAS_RULES).nullable() });
export type ClientAliasBody = z.input<typeof clientAliasBodySchema>;
export const clientAliasSchema = z.object({ mac: z.string(), alias: z.string().nullable() });
export type ClientAlias = z.infer<typeof clientAliasSchema>;

/** One day of a client's history (the project's local day): when it was seen and its traffic. */
export const clientDaySchema = z.object({
  /** YYYY-MM-DD in the project's time zone. */
  day: z.string(),
  firstSeenAt: z.number(),
  lastSeenAt: z.number(),
  txBytes: z.number(),
  rxBytes: z.number(),
});
export type ClientDay = z.infer<typeof clientDaySchema>;

/**
 * `GET …/clients/:mac`: the client panel. `online` is where it is connected now (null when no
 * device lists it); `history` its last days, newest first, from the daily history the server keeps.
 */
export const clientDetailSchema = z.object({
  mac: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  online: onlineClientSchema.nullable(),
  history: z.array(clientDaySchema),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

/** A colon-separated MAC address, either case. */
export const MAC_ADDRESS_RE = /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/;

/** A MAC address as stored and sent back (either case; no transform, so responses can carry it). */
export const macAddressSchema = z
  .string()
  .regex(MAC_ADDRESS_RE, 'A MAC address looks like AA:BB:CC:DD:EE:FF');

/** `:mac` of the force-offline route: a colon-separated MAC, either case, read upper-case. */
export const clientMacParamSchema = macAddressSchema.transform((s) => s.toUpperCase());

/**
 * `POST /api/projects/:id/clients/:mac/kick` query: which associated device to ask (optional; by
 * default the device that reported the client most recently). The answer is the command job
 * (`commandJobSchema`); the client leaves the list when the device confirms.
 */
export const kickClientQuerySchema = z.object({ deviceId: z.coerce.number().int().positive().optional() });
export type KickClientQuery = z.input<typeof kickClientQuerySchema>;

/** `…/clients/:mac/kick` */
export const clientKickParamsSchema = projectParamsSchema.extend({ mac: clientMacParamSchema });
/** `…/clients/:mac` and `…/clients/:mac/alias` */
export const clientParamsSchema = clientKickParamsSchema;

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
  detail: endpoint({
    method: 'GET',
    path: '/api/projects/:id/clients/:mac',
    summary: 'One client: where it is connected now, its alias and its recent daily history (412 never seen)',
    tag,
    auth: { project: 'r' },
    group: 'clients',
    params: clientParamsSchema,
    response: clientDetailSchema,
  }),
  alias: endpoint({
    method: 'PUT',
    path: '/api/projects/:id/clients/:mac/alias',
    summary:
      "Set or remove a client's alias in the project (400 invalid alias, 916 read-only, 412 never seen)",
    tag,
    auth: { project: 'rw' },
    group: 'clients',
    params: clientParamsSchema,
    body: clientAliasBodySchema,
    response: clientAliasSchema,
  }),
};
