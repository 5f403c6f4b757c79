import { z } from 'zod';
import { PROJECT_RIGHT_VALUES } from '../enums/project';
import { PROJECT_PROPERTIES } from '../enums/sharing';
import { PROJECT_SEARCH_MAX_LENGTH } from '../limits';
import { DEFAULT_TIME_ZONE } from '../time/zones';
import {
  netModeSchema,
  projectAddressSchema,
  projectLocationSchema,
  projectNameSchema,
  scenarioSchema,
} from '../validation/project';
import { timeZoneInputSchema } from '../validation/timeZone';
import { projectPlaceSchema } from './datascreen';
import { endpoint } from './endpoint';
import { emptySchema } from './envelope';
import { projectParamsSchema } from './params';

export const projectInputSchema = z.object({
  name: projectNameSchema,
  netMode: netModeSchema,
  scenario: scenarioSchema,
  location: projectLocationSchema.default(''),
  address: projectAddressSchema.default(''),
  timeZone: timeZoneInputSchema.default(DEFAULT_TIME_ZONE),
  /** Where the project is on the data screen's map (the location picker); null: not on the map. */
  place: projectPlaceSchema.nullable().default(null),
});
export type ProjectInput = z.input<typeof projectInputSchema>;

/** Edit: every field optional; netMode is refused once the project has devices. */
export const projectUpdateSchema = z
  .object({
    name: projectNameSchema,
    netMode: netModeSchema,
    scenario: scenarioSchema,
    location: projectLocationSchema,
    address: projectAddressSchema,
    timeZone: timeZoneInputSchema,
    place: projectPlaceSchema.nullable(),
  })
  .partial();
export type ProjectUpdate = z.input<typeof projectUpdateSchema>;

export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  netMode: netModeSchema,
  scenario: scenarioSchema,
  location: z.string(),
  address: z.string(),
  /** IANA time zone (Europe/Lisbon): schedules and calendar days of the project follow it. */
  timeZone: z.string(),
  /** Its place on the data screen's map; null until set with the location picker. */
  place: projectPlaceSchema.nullable(),
  typeFlag: z.number().int(),
  /** The caller's right on this project. */
  right: z.enum(PROJECT_RIGHT_VALUES),
  /** True when the project reached the caller by invitation (a share), not by creation. */
  isShare: z.boolean(),
  /**
   * §3 project property: by creation or by invitation; with `right` it reads "by invitation,
   * read-only" or "by invitation, manageable".
   */
  property: z.enum(PROJECT_PROPERTIES),
  /** When the caller's share ends (ISO instant); null: never, or the caller owns it. */
  expiresAt: z.string().nullable(),
  /**
   * The owner locked the configuration (§3 property "read-only"): every change, by anyone, is
   * refused with 173 until the owner unlocks it (`PUT /api/projects/:id/lock`).
   */
  locked: z.boolean(),
  ownerNick: z.string(),
  deviceCount: z.number().int(),
  onlineCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.object({ items: z.array(projectSchema), total: z.number().int() });
export type ProjectList = z.infer<typeof projectListSchema>;

/** Project overview (the landing page): totals across the caller's projects. */
export const projectsOverviewSchema = z.object({
  projects: z.number().int(),
  ownProjects: z.number().int(),
  sharedProjects: z.number().int(),
  wlanProjects: z.number().int(),
  meshProjects: z.number().int(),
  devices: z.number().int(),
  onlineDevices: z.number().int(),
  /** Clients online now across the caller's projects. */
  clientsOnline: z.number().int(),
  /** Unread alarms across the caller's projects (the same count as each project's alarm list). */
  alarmsUnread: z.number().int(),
  recent: z.array(projectSchema),
});
export type ProjectsOverview = z.infer<typeof projectsOverviewSchema>;

/** Lock or unlock a project's configuration (owner only; the one change a locked project takes). */
export const projectLockRequestSchema = z.object({ locked: z.boolean() });
export type ProjectLockRequest = z.infer<typeof projectLockRequestSchema>;

/** `GET /api/projects?q=&netMode=`: search in name, location and address; one network mode. */
export const projectListQuerySchema = z.object({
  q: z.string().max(PROJECT_SEARCH_MAX_LENGTH).optional(),
  netMode: z.coerce.number().pipe(netModeSchema).optional(),
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────

const tag = 'projects';

export const projectEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/projects',
    summary: 'Projects I own or was invited to (?q= search, ?netMode=0|1)',
    tag,
    auth: 'session',
    query: projectListQuerySchema,
    response: projectListSchema,
  }),
  overview: endpoint({
    method: 'GET',
    path: '/api/projects/overview',
    summary: 'Totals across my projects',
    tag,
    auth: 'session',
    response: projectsOverviewSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/projects',
    summary: 'Create a project (140 project limit, 1160 daily limit)',
    tag,
    auth: 'session',
    body: projectInputSchema,
    response: projectSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/projects/:id',
    summary: 'One project (73 when not a member)',
    tag,
    auth: { project: 'r' },
    group: 'project',
    params: projectParamsSchema,
    response: projectSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id',
    summary: 'Edit a project (916 read-only share; 173 locked; netMode fixed once devices exist → 400)',
    tag,
    auth: { project: 'rw' },
    group: 'project',
    params: projectParamsSchema,
    body: projectUpdateSchema,
    response: projectSchema,
  }),
  // The one change a locked project takes: unlocking it.
  lock: endpoint({
    method: 'PUT',
    path: '/api/projects/:id/lock',
    summary:
      'Lock or unlock the configuration (owner only, else 403). While locked every change, by anyone, is 173',
    tag,
    auth: { project: 'own', whileLocked: true },
    group: 'lock',
    params: projectParamsSchema,
    body: projectLockRequestSchema,
    response: projectSchema,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id',
    summary: 'Delete a project (owner only, else 403; 173 while locked)',
    tag,
    auth: { project: 'own' },
    group: 'project',
    params: projectParamsSchema,
    response: emptySchema,
  }),
};
