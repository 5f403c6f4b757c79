/**
 * The project data screen (issue 12 §4, `/overview/preview/datascreen`): a full-screen view of the
 * caller's projects on a map of China or the world, with totals, trends, the top projects and the
 * latest alarms; its settings (map range, title, highlighted countries) kept per account; and the
 * offline gazetteer the project form's location picker searches.
 */
import { z } from 'zod';
import { DATA_SCREEN_MAP_RANGES } from '../enums/misc';
import { LATITUDE_MAX, LONGITUDE_MAX, PLACE_LABEL_MAX_LENGTH, PLACE_QUERY_MAX_LENGTH } from '../limits';
import { dataScreenCountriesIssue, dataScreenTitleSchema } from '../validation/solutions';
import { ALARM_SEVERITIES } from './alarms';
import { endpoint } from './endpoint';

/** An ISO 3166-1 alpha-2 country code, upper case ("CN", "DE"). */
export const isoCountrySchema = z.string().regex(/^[A-Z]{2}$/, 'A country is a two-letter ISO code.');

/**
 * Where a project is: coordinates (the pin), the country they are in and the place's label as the
 * gazetteer names it ("Hangzhou, Zhejiang"). The pin may be moved away from the city's centre.
 */
export const projectPlaceSchema = z.object({
  lat: z.number().min(-LATITUDE_MAX).max(LATITUDE_MAX),
  lng: z.number().min(-LONGITUDE_MAX).max(LONGITUDE_MAX),
  country: isoCountrySchema,
  city: z.string().trim().min(1).max(PLACE_LABEL_MAX_LENGTH),
});
export type ProjectPlace = z.infer<typeof projectPlaceSchema>;

export const dataScreenMapRangeSchema = z.enum(DATA_SCREEN_MAP_RANGES);

/**
 * The account's data-screen settings. The countries' list is bounded by the format only here: a
 * 6th country is refused by the server with the catalogue's code (DATA_SCREEN_TOO_MANY_COUNTRIES),
 * and the form runs `dataScreenCountriesIssue` as the user picks.
 */
export const dataScreenSettingsSchema = z.object({
  range: dataScreenMapRangeSchema,
  title: dataScreenTitleSchema,
  countries: z.array(isoCountrySchema),
});
export type DataScreenSettings = z.infer<typeof dataScreenSettingsSchema>;

/** What an account that never saved settings sees. */
export const DEFAULT_DATA_SCREEN_SETTINGS: DataScreenSettings = {
  range: 'world',
  title: 'Network operations center',
  countries: ['CN'],
};

/** The first broken rule of the settings' countries (the form's check), or null. */
export function dataScreenSettingsIssue(s: DataScreenSettings): string | null {
  return dataScreenCountriesIssue(s.countries);
}

export const dataScreenProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null: the project has no place yet ("not on the map"). */
  place: projectPlaceSchema.nullable(),
  devices: z.number().int(),
  onlineDevices: z.number().int(),
  clients: z.number().int(),
  /** Internet traffic now, bytes per second (tx = upstream). */
  txRate: z.number(),
  rxRate: z.number(),
  alarmsUnread: z.number().int(),
});
export type DataScreenProject = z.infer<typeof dataScreenProjectSchema>;

export const dataScreenAlarmSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  at: z.number(),
  severity: z.enum(ALARM_SEVERITIES),
  text: z.string(),
  deviceName: z.string(),
});
export type DataScreenAlarm = z.infer<typeof dataScreenAlarmSchema>;

export const dataScreenSummarySchema = z.object({
  /** Epoch ms the figures were read at. */
  at: z.number(),
  kpis: z.object({
    projects: z.number().int(),
    devices: z.number().int(),
    onlineDevices: z.number().int(),
    offlineDevices: z.number().int(),
    clients: z.number().int(),
    txRate: z.number(),
    rxRate: z.number(),
    alarmsUnread: z.number().int(),
  }),
  /** The last 24 hours, hourly, summed over the projects: clients and Internet rates. */
  trend: z.array(
    z.object({ t: z.number(), clients: z.number().nullable(), txRate: z.number(), rxRate: z.number() }),
  ),
  projects: z.array(dataScreenProjectSchema),
  /** The newest alarms across the projects. */
  recentAlarms: z.array(dataScreenAlarmSchema),
});
export type DataScreenSummary = z.infer<typeof dataScreenSummarySchema>;

/** One place of the offline gazetteer. */
export const gazetteerPlaceSchema = z.object({
  /** "Hangzhou, Zhejiang". */
  label: z.string(),
  city: z.string(),
  province: z.string(),
  country: isoCountrySchema,
  countryName: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type GazetteerPlace = z.infer<typeof gazetteerPlaceSchema>;

export const placeSearchQuerySchema = z.object({ q: z.string().trim().max(PLACE_QUERY_MAX_LENGTH) });
export const placeSearchSchema = z.object({ items: z.array(gazetteerPlaceSchema) });
export type PlaceSearch = z.infer<typeof placeSearchSchema>;

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────

const tag = 'datascreen';

export const dataScreenEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/api/datascreen',
    summary: 'The data screen across my projects: KPIs, trend, projects and their places, recent alarms',
    tag,
    auth: 'session',
    response: dataScreenSummarySchema,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/datascreen/settings',
    summary: 'My data-screen settings (map range, title, highlighted countries)',
    tag,
    auth: 'session',
    response: dataScreenSettingsSchema,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/datascreen/settings',
    summary: 'Save my data-screen settings (title ≤ 30 characters; more than 5 countries → 470)',
    tag,
    auth: 'session',
    body: dataScreenSettingsSchema,
    response: dataScreenSettingsSchema,
  }),
  places: endpoint({
    method: 'GET',
    path: '/api/datascreen/places',
    summary: 'Search the offline gazetteer (?q=city): places with coordinates and country',
    tag,
    auth: 'session',
    query: placeSearchQuerySchema,
    response: placeSearchSchema,
  }),
};
