/**
 * The firmware endpoints (issue 13 §1): a project's firmware files (upload, list, delete — the
 * project's catalogue per model), upgrades of one device or a selection, the recent upgrade jobs
 * (so a reload shows the stages), and the signed download a device fetches. docs/api.md "Firmware
 * and upgrades"; the device side is docs/protocol.md §7.2 `upgrade`.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { commandJobSchema } from '../api/live';
import { dbIdSchema, projectDeviceParamsSchema, projectParamsSchema } from '../api/params';
import { UPGRADE_STAGES } from '../enums/deviceStatus';
import { FIRMWARE_NOTES_MAX_LENGTH, MAINTENANCE_BATCH_MAX } from '../limits';
import { maintenanceOutcomeSchema } from '../maintenance/api';
import { FIRMWARE_NOTES_MESSAGE, FIRMWARE_VERSION_MESSAGE, FIRMWARE_VERSION_PATTERN } from './rules';

export const firmwareFileSchema = z.object({
  id: z.number().int(),
  model: z.string(),
  version: z.string(),
  /** The uploaded file's name. */
  fileName: z.string(),
  size: z.number().int(),
  /** Hex SHA-256 of the file, computed while it streamed to disk. */
  sha256: z.string(),
  notes: z.string(),
  uploadedAt: z.number(),
  /** Who uploaded it (nick), null when the account is gone. */
  uploadedBy: z.string().nullable(),
});
export type FirmwareFile = z.infer<typeof firmwareFileSchema>;

export const firmwareListSchema = z.object({
  /** Newest upload first. */
  files: z.array(firmwareFileSchema),
  /** The catalogue: per model, its latest version (`latestFirmwareByModel`). */
  catalogue: z.array(z.object({ model: z.string(), latest: firmwareFileSchema })),
});
export type FirmwareList = z.infer<typeof firmwareListSchema>;

/** The form fields of an upload besides the file (multipart; see docs/api.md). */
export const firmwareUploadFieldsSchema = z.object({
  model: z.string().trim().min(1, 'Choose the model this firmware is for.'),
  version: z.string().trim().regex(FIRMWARE_VERSION_PATTERN, FIRMWARE_VERSION_MESSAGE),
  notes: z.string().max(FIRMWARE_NOTES_MAX_LENGTH, FIRMWARE_NOTES_MESSAGE).default(''),
});
export type FirmwareUploadFields = z.infer<typeof firmwareUploadFieldsSchema>;

/** Upgrade: to this file, or (none named) to the catalogue's latest for each device's model. */
export const upgradeRequestSchema = z.object({ firmwareId: dbIdSchema.optional() });
export type UpgradeRequest = z.infer<typeof upgradeRequestSchema>;

export const upgradeBatchRequestSchema = upgradeRequestSchema.extend({
  deviceIds: z.array(dbIdSchema).min(1).max(MAINTENANCE_BATCH_MAX),
});
export type UpgradeBatchRequest = z.infer<typeof upgradeBatchRequestSchema>;

export const upgradeBatchResultSchema = z.object({
  results: z.array(maintenanceOutcomeSchema),
  started: z.number().int(),
  refused: z.number().int(),
});
export type UpgradeBatchResult = z.infer<typeof upgradeBatchResultSchema>;

/** One device's latest upgrade: its job, the §4 stage it is at and the version it goes to. */
export const upgradeStatusSchema = z.object({
  deviceId: z.number().int(),
  job: commandJobSchema,
  stage: z.enum(UPGRADE_STAGES),
  version: z.string(),
  firmwareId: z.number().int().nullable(),
});
export type UpgradeStatus = z.infer<typeof upgradeStatusSchema>;

export const firmwareParamsSchema = projectParamsSchema.extend({ firmwareId: dbIdSchema });
export const firmwareDownloadParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/) });

const tag = 'firmware';
const group = 'maintenance';
const read = { project: 'r' } as const;
const change = { project: 'rw' } as const;
/** Firmware files are flashed onto every device of the project: only its owner adds or removes them. */
const owner = { project: 'own' } as const;

export const firmwareEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/projects/:id/maintenance/firmware',
    summary: "The project's firmware files and its catalogue (latest version per model)",
    tag,
    auth: read,
    group,
    params: projectParamsSchema,
    response: firmwareListSchema,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/projects/:id/maintenance/firmware',
    summary:
      'Upload a firmware file (owner; multipart: file = .bin < 60 MB, model, version, notes?): 480 type, 481 size, 411 version exists, 400 fields',
    tag,
    auth: owner,
    group,
    params: projectParamsSchema,
    multipart: true,
    response: firmwareFileSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/maintenance/firmware/:firmwareId',
    summary: 'Delete a firmware file (owner); its download links stop working; 412 unknown',
    tag,
    auth: owner,
    group,
    params: firmwareParamsSchema,
    response: z.object({ id: z.number().int() }),
  }),
  upgrade: endpoint({
    method: 'POST',
    path: '/api/projects/:id/maintenance/upgrade/devices/:deviceId',
    summary:
      'Upgrade one device (the named file, or the latest for its model): its job; 412 no firmware, 915 model mismatch, the maintenance refusals (36 only online devices…)',
    tag,
    auth: change,
    group,
    params: projectDeviceParamsSchema,
    body: upgradeRequestSchema,
    response: commandJobSchema,
  }),
  upgradeBatch: endpoint({
    method: 'POST',
    path: '/api/projects/:id/maintenance/upgrade/batch',
    summary: 'Upgrade a selection: per device its job or the refusal (the codes of one device)',
    tag,
    auth: change,
    group,
    params: projectParamsSchema,
    body: upgradeBatchRequestSchema,
    response: upgradeBatchResultSchema,
  }),
  upgrades: endpoint({
    method: 'GET',
    path: '/api/projects/:id/maintenance/upgrade',
    summary: "Each device's latest upgrade of the last hours, with its §4 stage",
    tag,
    auth: read,
    group,
    params: projectParamsSchema,
    response: z.array(upgradeStatusSchema),
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/firmware/download/:token',
    summary:
      'The firmware file for a device (signed, short-lived link from its upgrade command); HTTP Range supported; 403 expired or forged',
    tag,
    auth: 'public',
    params: firmwareDownloadParamsSchema,
    response: 'file',
  }),
};
