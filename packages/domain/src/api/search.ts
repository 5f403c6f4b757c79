/**
 * Global search (Ctrl-K): devices, online clients and settings pages across every project the
 * caller is a member of. One request and response, shared by the server and the web.
 */
import { z } from 'zod';
import { SEARCH_MIN_QUERY_LENGTH, SEARCH_TEXT_MAX_LENGTH } from '../limits';
import { endpoint } from './endpoint';
import { dbIdSchema } from './params';

/** `GET /api/search` query. */
export const searchQuerySchema = z.object({
  /** What was typed: a name, an SN, a MAC (any spelling), an IP, a model, a page or setting. */
  q: z.string().trim().min(SEARCH_MIN_QUERY_LENGTH).max(SEARCH_TEXT_MAX_LENGTH),
  /** The console's current project: settings pages are offered for it (as its menu shows them). */
  projectId: dbIdSchema.optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/** Which field of a device or client the query was found in (shown next to the hit). */
export const SEARCH_MATCH_FIELDS = ['name', 'alias', 'sn', 'mac', 'ip', 'model'] as const;
export type SearchMatchField = (typeof SEARCH_MATCH_FIELDS)[number];

const projectRef = { projectId: z.number().int(), projectName: z.string() };

export const deviceHitSchema = z.object({
  ...projectRef,
  id: z.number().int(),
  name: z.string(),
  sn: z.string(),
  mac: z.string().nullable(),
  ip: z.string().nullable(),
  model: z.string().nullable(),
  type: z.string(),
  /** §4 device status code. */
  status: z.number().int(),
  match: z.enum(SEARCH_MATCH_FIELDS),
});
export type DeviceHit = z.infer<typeof deviceHitSchema>;

export const clientHitSchema = z.object({
  ...projectRef,
  mac: z.string(),
  /** The name the client reports. */
  name: z.string(),
  /** The name the project gave it, shown instead of `name` when set. */
  alias: z.string().nullable(),
  ip: z.string().nullable(),
  ssid: z.string().nullable(),
  vlan: z.number().int().nullable(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  match: z.enum(SEARCH_MATCH_FIELDS),
});
export type ClientHit = z.infer<typeof clientHitSchema>;

export const pageHitSchema = z.object({
  /** The project whose page it is (the current project); null for pages outside any project. */
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  key: z.string(),
  title: z.string(),
  /** Menu groups above the page, e.g. ["Config", "Gateway"]. */
  trail: z.array(z.string()),
  path: z.string(),
});
export type PageHit = z.infer<typeof pageHitSchema>;

export const searchResultSchema = z.object({
  devices: z.array(deviceHitSchema),
  clients: z.array(clientHitSchema),
  pages: z.array(pageHitSchema),
  /** More devices or clients matched than were returned: type more to narrow it down. */
  more: z.object({ devices: z.boolean(), clients: z.boolean() }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/search',
    summary:
      "Devices (name, SN, MAC, IP, model), online clients (name, alias, MAC, IP) and settings pages across the caller's projects",
    tag: 'search',
    auth: 'session',
    query: searchQuerySchema,
    response: searchResultSchema,
  }),
};
