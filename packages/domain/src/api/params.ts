/**
 * Path parameters of the HTTP API, written once: every endpoint under `/api/projects/:id` takes the
 * project id as the access guard reads it, and database ids are bounded the same way everywhere.
 */
import { z } from 'zod';
import { DB_ID_MAX, DEVICE_MAX_PORTS, PROJECT_ID_MAX_DIGITS } from '../limits';

/** A database id in a path or query (`?deviceId=12`): a positive 32-bit integer. */
export const dbIdSchema = z.coerce.number().int().positive().max(DB_ID_MAX);

/**
 * The project id of a path, kept as a string: the project access guard parses it and answers a
 * malformed one like a stranger's project (73), before any handler runs.
 */
export const projectIdParamSchema = z
  .string()
  .regex(new RegExp(`^\\d{1,${PROJECT_ID_MAX_DIGITS}}$`), 'A project id is a positive integer.');

/** `/api/projects/:id…` */
export const projectParamsSchema = z.object({ id: projectIdParamSchema });
/** `/api/projects/:id/devices/:deviceId…` */
export const projectDeviceParamsSchema = projectParamsSchema.extend({ deviceId: dbIdSchema });
/** A port of a device: `…/ports/:portId`. */
export const devicePortParamsSchema = projectDeviceParamsSchema.extend({
  portId: z.coerce.number().int().min(1).max(DEVICE_MAX_PORTS),
});
/** A revision of a settings document: `…/config/revisions/:revisionId`. */
export const projectRevisionParamsSchema = projectParamsSchema.extend({ revisionId: dbIdSchema });
/** A run of a project (RF optimisation): `…/rf/runs/:runId`. */
export const projectRunParamsSchema = projectParamsSchema.extend({ runId: dbIdSchema });
