/**
 * The reboot schedule endpoints (issue 13 §1): a project's schedules — at most one for the whole
 * project and one per device (a device's own overrides the project's) — listed with their next run
 * in the project's time zone, created, changed and deleted. Under `…/maintenance/schedules`: the
 * device maintenance page's API group.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { emptySchema } from '../api/envelope';
import { dbIdSchema, projectParamsSchema } from '../api/params';
import { REBOOT_CYCLE_UNITS, REBOOT_SCHEDULE_MODES, rebootPlanFields, refineRebootPlan } from './rules';

/** `…/maintenance/schedules/:scheduleId` */
export const rebootScheduleParamsSchema = projectParamsSchema.extend({ scheduleId: dbIdSchema });

/** `POST …/maintenance/schedules`: a project's schedule (`deviceId` null) or a device's. */
export const rebootScheduleCreateSchema = rebootPlanFields
  .extend({ deviceId: dbIdSchema.nullable(), enabled: z.boolean() })
  .superRefine(refineRebootPlan);
export type RebootScheduleCreate = z.infer<typeof rebootScheduleCreateSchema>;

/** `PUT …/maintenance/schedules/:scheduleId`: its plan and whether it is on (its target stays). */
export const rebootScheduleUpdateSchema = rebootPlanFields
  .extend({ enabled: z.boolean() })
  .superRefine(refineRebootPlan);
export type RebootScheduleUpdate = z.infer<typeof rebootScheduleUpdateSchema>;

/** One schedule as the console shows it. */
export const rebootScheduleViewSchema = z.object({
  id: z.number().int(),
  /** null: the project's schedule, for every eligible device without its own. */
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  deviceType: z.string().nullable(),
  enabled: z.boolean(),
  mode: z.enum(REBOOT_SCHEDULE_MODES),
  time: z.string().nullable(),
  days: z.array(z.number().int()),
  every: z.number().int().nullable(),
  unit: z.enum(REBOOT_CYCLE_UNITS).nullable(),
  /** When the plan was saved (epoch ms): cyclic slots count from it. */
  anchorAt: z.number(),
  /** The next slot (epoch ms), null when off. */
  nextRunAt: z.number().nullable(),
  /** The last slot run (epoch ms), null before the first. */
  lastRunAt: z.number().nullable(),
  updatedAt: z.number(),
});
export type RebootScheduleView = z.infer<typeof rebootScheduleViewSchema>;

export const rebootScheduleListSchema = z.object({
  /** The project's IANA zone: every time of a plan is on its wall clock. */
  timeZone: z.string(),
  schedules: z.array(rebootScheduleViewSchema),
});
export type RebootScheduleList = z.infer<typeof rebootScheduleListSchema>;

const tag = 'maintenance';
const group = 'maintenance';
const read = { project: 'r' } as const;
const change = { project: 'rw' } as const;

export const rebootScheduleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/projects/:id/maintenance/schedules',
    summary: "The project's reboot schedules (the project's and the devices' own) with their next run",
    tag,
    auth: read,
    group,
    params: projectParamsSchema,
    response: rebootScheduleListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/projects/:id/maintenance/schedules',
    summary:
      'Create the project’s or a device’s reboot schedule; 490 switch/NVR/CPE, 491 weekly for an AP, 492 one exists, 901 unknown device',
    tag,
    auth: change,
    group,
    params: projectParamsSchema,
    body: rebootScheduleCreateSchema,
    response: rebootScheduleViewSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/projects/:id/maintenance/schedules/:scheduleId',
    summary: 'Change a reboot schedule’s plan or switch it on or off; 490, 491, 493 not found',
    tag,
    auth: change,
    group,
    params: rebootScheduleParamsSchema,
    body: rebootScheduleUpdateSchema,
    response: rebootScheduleViewSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/maintenance/schedules/:scheduleId',
    summary: 'Delete a reboot schedule (a device without its own follows the project’s again); 493',
    tag,
    auth: change,
    group,
    params: rebootScheduleParamsSchema,
    response: emptySchema,
  }),
};
