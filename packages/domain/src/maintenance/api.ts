/**
 * The maintenance endpoints (issue 13 §1): one action to one device, or to a selection with a
 * result per device. Each action is a command job (docs/protocol.md §7.2) whose progress comes as
 * `command.updated` and whose effect (status 8 rebooting, then online) as `device.status`.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { commandJobSchema } from '../api/live';
import { dbIdSchema, projectDeviceParamsSchema, projectParamsSchema } from '../api/params';
import { LOCATE_MAX_MINUTES, LOCATE_MIN_MINUTES, MAINTENANCE_BATCH_MAX } from '../limits';
import { MAINTENANCE_ACTIONS } from './rules';

const action = z.enum(MAINTENANCE_ACTIONS);
/** Locate: how long the LED blinks (default `LOCATE_DEFAULT_MINUTES`); ignored by other actions. */
const minutes = z.int().min(LOCATE_MIN_MINUTES).max(LOCATE_MAX_MINUTES).optional();

export const maintenanceActionRequestSchema = z.object({ action, minutes });
export type MaintenanceActionRequest = z.infer<typeof maintenanceActionRequestSchema>;

export const maintenanceBatchRequestSchema = z.object({
  action,
  minutes,
  deviceIds: z.array(dbIdSchema).min(1).max(MAINTENANCE_BATCH_MAX),
});
export type MaintenanceBatchRequest = z.infer<typeof maintenanceBatchRequestSchema>;

/** What happened to one device of a batch: its job, or the §8 code and message of the refusal. */
export const maintenanceOutcomeSchema = z.object({
  deviceId: z.number().int(),
  /** null when the device is not in the project (901). */
  name: z.string().nullable(),
  ok: z.boolean(),
  code: z.number().int().nullable(),
  message: z.string().nullable(),
  job: commandJobSchema.nullable(),
});
export type MaintenanceOutcome = z.infer<typeof maintenanceOutcomeSchema>;

export const maintenanceBatchResultSchema = z.object({
  action,
  results: z.array(maintenanceOutcomeSchema),
  started: z.number().int(),
  refused: z.number().int(),
});
export type MaintenanceBatchResult = z.infer<typeof maintenanceBatchResultSchema>;

const tag = 'maintenance';
const change = { project: 'rw' } as const;
const group = 'maintenance';

export const maintenanceEndpoints = {
  device: endpoint({
    method: 'POST',
    path: '/api/projects/:id/maintenance/devices/:deviceId',
    summary:
      'Restart, locate or reset one device: its command job; 901 unknown, 913 kind/model cannot, 76 local mode, 912 secondary mesh node, 71 upgrading, 917 rebooting, 911 busy, 36 offline',
    tag,
    auth: change,
    group,
    params: projectDeviceParamsSchema,
    body: maintenanceActionRequestSchema,
    response: commandJobSchema,
  }),
  batch: endpoint({
    method: 'POST',
    path: '/api/projects/:id/maintenance/batch',
    summary:
      'Restart, locate or reset a selection: per device its job or the refusal (the codes of one device)',
    tag,
    auth: change,
    group,
    params: projectParamsSchema,
    body: maintenanceBatchRequestSchema,
    response: maintenanceBatchResultSchema,
  }),
};
