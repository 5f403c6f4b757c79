/**
 * Onboarding of the devices feature beyond adding by SN: "devices to be verified" (devices seen on
 * the broker that no project claimed, offered to the project of their uplink parent) and the Excel
 * import with its template. Schemas shared by server and web, and their endpoints.
 */
import { z } from 'zod';
import { SN_PARAM_MAX_LENGTH } from '../limits';
import { deviceClaimRequestSchema, deviceDetailSchema } from './devices';
import { endpoint } from './endpoint';
import { emptySchema } from './envelope';
import { projectParamsSchema } from './params';

const nullableText = z.string().nullable();

/** A device seen on the broker that no project has claimed, offered to this project. */
export const pendingDeviceSchema = z.object({
  sn: z.string(),
  model: z.string(),
  type: z.string(),
  mac: z.string(),
  firmwareVersion: z.string(),
  ip: nullableText,
  /** The claimed device of this project it is plugged into. */
  uplinkSn: nullableText,
  uplinkName: nullableText,
  online: z.boolean(),
  firstSeenAt: z.number(),
  lastSeenAt: z.number(),
});
export type PendingDevice = z.infer<typeof pendingDeviceSchema>;
export const pendingDeviceListSchema = z.object({
  items: z.array(pendingDeviceSchema),
  total: z.number().int(),
});
export type PendingDeviceList = z.infer<typeof pendingDeviceListSchema>;
export const pendingCountSchema = z.object({ count: z.number().int() });

// ── Excel import ─────────────────────────────────────────────────────────────────────────────────
/** Header row of the import template, in order (code 258 when a file's headers differ). */
export const DEVICE_IMPORT_COLUMNS = ['SN', 'Name', 'Location'] as const;
/** The example row of the template; a row equal to it is skipped, not imported. */
export const DEVICE_IMPORT_EXAMPLE = {
  sn: 'NL0123456789ABCDEF',
  name: 'Lobby-AP',
  location: 'Floor 1 lobby',
} as const;

export const importRowResultSchema = z.object({
  /** The row number as the spreadsheet shows it. */
  row: z.number().int(),
  sn: z.string(),
  name: z.string(),
  outcome: z.enum(['added', 'failed']),
  /** 0 when added, else the §8 code (400 bad field, 411 duplicate, 166, 67, 87, 88, 254, 1162 …). */
  code: z.number().int(),
  message: z.string(),
  deviceId: z.number().int().optional(),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;
export const deviceImportResultSchema = z.object({
  total: z.number().int(),
  added: z.number().int(),
  failed: z.number().int(),
  rows: z.array(importRowResultSchema),
});
export type DeviceImportResult = z.infer<typeof deviceImportResultSchema>;

/** `…/devices/pending/:sn` */
export const pendingDeviceParamsSchema = projectParamsSchema.extend({
  sn: z.string().regex(new RegExp(`^[A-Za-z0-9]{1,${SN_PARAM_MAX_LENGTH}}$`)),
});

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────

const tag = 'devices';
const read = { project: 'r' } as const;
const write = { project: 'rw' } as const;

/**
 * Devices to be verified: group `pendingDevices`, not governed by the menu — the console header
 * shows them (and lets a member claim or dismiss them) whatever the session's menu shows.
 */
export const pendingDeviceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/projects/:id/devices/pending',
    summary: 'Devices to be verified: seen under this project, not claimed',
    tag,
    auth: read,
    group: 'pendingDevices',
    params: projectParamsSchema,
    response: pendingDeviceListSchema,
  }),
  count: endpoint({
    method: 'GET',
    path: '/api/projects/:id/devices/pending/count',
    summary: 'How many devices wait to be verified (the device-joining alert)',
    tag,
    auth: read,
    group: 'pendingDevices',
    params: projectParamsSchema,
    response: pendingCountSchema,
  }),
  claim: endpoint({
    method: 'POST',
    path: '/api/projects/:id/devices/pending/:sn/claim',
    summary: 'Claim a device to be verified (same rules as adding by SN; 412 when not offered)',
    tag,
    auth: write,
    group: 'pendingDevices',
    params: pendingDeviceParamsSchema,
    body: deviceClaimRequestSchema.optional(),
    response: deviceDetailSchema,
  }),
  dismiss: endpoint({
    method: 'POST',
    path: '/api/projects/:id/devices/pending/:sn/dismiss',
    summary: 'Hide a device to be verified (it can still be added by SN)',
    tag,
    auth: write,
    group: 'pendingDevices',
    params: pendingDeviceParamsSchema,
    response: emptySchema,
  }),
};

export const deviceImportEndpoints = {
  import: endpoint({
    method: 'POST',
    path: '/api/projects/:id/devices/import',
    summary:
      'Import devices from the template as .xls or .xlsx (multipart field "file"; ≤ 500 rows; 258 wrong template; 154 mixed kinds)',
    tag,
    auth: write,
    group: 'devices',
    params: projectParamsSchema,
    multipart: true,
    response: deviceImportResultSchema,
  }),
  // The same for every project, so not project-scoped.
  template: endpoint({
    method: 'GET',
    path: '/api/devices/import-template.xlsx',
    summary: 'The Excel template for device import',
    tag,
    auth: 'session',
    response: 'file',
  }),
};
