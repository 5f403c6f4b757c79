/**
 * The configuration backup endpoints (issue 13 §2, spec §3 "Config backup" fields, §4 sync): the
 * project's backups, "Back up now" for one device or a selection, type and remark, download,
 * delete and restore. A backup's upload and a restore are command jobs (docs/protocol.md §7.2
 * `backup`/`restore`) whose progress comes as `command.updated`.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { emptySchema } from '../api/envelope';
import { commandJobSchema } from '../api/live';
import { dbIdSchema, projectParamsSchema } from '../api/params';
import { BACKUP_SYNC_STATES, BACKUP_TYPES } from '../enums/backup';
import { BACKUP_BATCH_MAX, BACKUP_REMARK_MAX_LENGTH } from '../limits';

/** `…/backups/:backupId` */
export const backupParamsSchema = projectParamsSchema.extend({ backupId: dbIdSchema });

/** The last restore of a backup: running, done or failed with its code. */
export const backupRestoreSchema = z.object({
  status: z.enum(['running', 'done', 'failed']),
  /** The device it was restored to (the backup's own, or a same-model replacement). */
  deviceId: z.number().int(),
  deviceName: z.string(),
  commandId: z.string(),
  at: z.number(),
  stage: z.string().nullable(),
  percent: z.number().nullable(),
  code: z.number().int().nullable(),
});
export type BackupRestore = z.infer<typeof backupRestoreSchema>;

/** One backup with the §3 fields. */
export const backupViewSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** Null once the device has left the project; its name, SN, model and MAC stay as they were. */
  deviceId: z.number().int().nullable(),
  deviceName: z.string(),
  sn: z.string(),
  model: z.string(),
  mac: z.string().nullable(),
  type: z.enum(BACKUP_TYPES),
  /** Bytes of the device's file; null until it arrived. */
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  /** Backup time: when it was asked for (epoch ms). */
  createdAt: z.number(),
  remark: z.string(),
  sync: z.enum(BACKUP_SYNC_STATES),
  /** §8 code of a failed synchronisation. */
  code: z.number().int().nullable(),
  /** The configuration version the device ran when it wrote the file. */
  configVersion: z.number().int().nullable(),
  /** Settings documents of the device saved with it (restored with it), by kind. */
  documents: z.array(z.string()),
  restore: backupRestoreSchema.nullable(),
});
export type BackupView = z.infer<typeof backupViewSchema>;

export const backupListSchema = z.object({
  backups: z.array(backupViewSchema),
  /** General backups now (the cap is `BACKUP_MAX_PER_PROJECT`; beyond it the oldest is overwritten). */
  generalCount: z.number().int(),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const backupCreateRequestSchema = z.object({
  deviceIds: z.array(dbIdSchema).min(1).max(BACKUP_BATCH_MAX),
});
export type BackupCreateRequest = z.infer<typeof backupCreateRequestSchema>;

/** What happened to one device of "Back up now": its backup, or the code and message of the refusal. */
export const backupOutcomeSchema = z.object({
  deviceId: z.number().int(),
  name: z.string().nullable(),
  ok: z.boolean(),
  code: z.number().int().nullable(),
  message: z.string().nullable(),
  backup: backupViewSchema.nullable(),
});
export type BackupOutcome = z.infer<typeof backupOutcomeSchema>;

export const backupCreateResultSchema = z.object({
  results: z.array(backupOutcomeSchema),
  started: z.number().int(),
  refused: z.number().int(),
});
export type BackupCreateResult = z.infer<typeof backupCreateResultSchema>;

export const backupUpdateRequestSchema = z
  .object({
    type: z.enum(BACKUP_TYPES).optional(),
    remark: z.string().trim().max(BACKUP_REMARK_MAX_LENGTH).optional(),
  })
  .refine((b) => b.type !== undefined || b.remark !== undefined, { message: 'Nothing to change.' });
export type BackupUpdateRequest = z.infer<typeof backupUpdateRequestSchema>;

export const backupRestoreRequestSchema = z.object({
  /** The device to restore to: omitted for the backup's own device, else a same-model replacement (485). */
  deviceId: dbIdSchema.optional(),
});
export type BackupRestoreRequest = z.infer<typeof backupRestoreRequestSchema>;

export const backupRestoreResultSchema = z.object({
  job: commandJobSchema,
  /** Settings documents re-saved as new versions so the desired state follows the file. */
  documents: z.array(z.string()),
});
export type BackupRestoreResult = z.infer<typeof backupRestoreResultSchema>;

/** A project's backup options (beyond the spec): back up a device after it applied a configuration change. */
export const backupSettingsSchema = z.object({ autoAfterChange: z.boolean() });
export type BackupSettings = z.infer<typeof backupSettingsSchema>;

const tag = 'backup';
const group = 'backup';
const read = { project: 'r' } as const;
const change = { project: 'rw' } as const;

export const backupEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/api/projects/:id/backups/settings',
    summary: "The project's backup options: automatic backup after each applied configuration change",
    tag,
    auth: read,
    group,
    params: projectParamsSchema,
    response: backupSettingsSchema,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/projects/:id/backups/settings',
    summary: "Set the project's backup options",
    tag,
    auth: change,
    group,
    params: projectParamsSchema,
    body: backupSettingsSchema,
    response: backupSettingsSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/projects/:id/backups',
    summary: "The project's configuration backups (§3 fields), newest first",
    tag,
    auth: read,
    group,
    params: projectParamsSchema,
    response: backupListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/projects/:id/backups',
    summary:
      'Back up now, one device or a selection: per device its backup (the upload is a `backup` job) or the refusal — 187 within 3 minutes, 913, 76, 912, 71, 917, 911 busy, 36 offline, 901',
    tag,
    auth: change,
    group,
    params: projectParamsSchema,
    body: backupCreateRequestSchema,
    response: backupCreateResultSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id/backups/:backupId',
    summary:
      "Switch a backup between general and restore point (the device's previous restore point becomes general) or edit its remark; 31 deleted, 487 not synchronised",
    tag,
    auth: change,
    group,
    params: backupParamsSchema,
    body: backupUpdateRequestSchema,
    response: backupViewSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/backups/:backupId',
    summary: 'Delete a general backup; 31 already deleted, 33 a restore point (switch it to general first)',
    tag,
    auth: change,
    group,
    params: backupParamsSchema,
    response: emptySchema,
  }),
  file: endpoint({
    method: 'GET',
    path: '/api/projects/:id/backups/:backupId/file',
    summary: "Download the device's configuration file; 31 deleted, 487 not synchronised",
    tag,
    auth: read,
    group,
    params: backupParamsSchema,
    response: 'file',
  }),
  restore: endpoint({
    method: 'POST',
    path: '/api/projects/:id/backups/:backupId/restore',
    summary:
      "Restore a backup to its device or a same-model replacement: re-saves the backup's settings documents, then a `restore` job; 31, 487, 485 other model, and the device refusals of backup",
    tag,
    auth: change,
    group,
    params: backupParamsSchema,
    body: backupRestoreRequestSchema,
    response: backupRestoreResultSchema,
  }),
};
