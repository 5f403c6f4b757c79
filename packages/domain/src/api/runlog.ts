/**
 * The system log (issue 13 §5, §2 /manage/runlog, §9 log retention): one project log of what
 * happened — configuration changes (the change log's rows), maintenance actions and their results,
 * sign-ins into shared projects, devices going offline and coming back — with filters (time range,
 * device, kind, account), paging, a CSV export of the filtered rows, and each project's retention
 * (7, 30, 90 or 180 days; the owner chooses, every member sees it).
 */
import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditAction, auditEntrySchema } from '../config/api';
import { LOG_RETENTION_DAYS } from '../enums/misc';
import { DB_ID_MAX, DEFAULT_PAGE_SIZE, LIST_PAGE_MAX, MAX_PAGE_SIZE } from '../limits';
import { endpoint } from './endpoint';
import { projectParamsSchema } from './params';

/** What an entry is about: the log's "kind" filter. */
export const RUNLOG_KINDS = ['config', 'maintenance', 'device', 'access'] as const;
export type RunlogKind = (typeof RUNLOG_KINDS)[number];
export const RUNLOG_KIND_LABELS: Record<RunlogKind, string> = {
  config: 'Configuration',
  maintenance: 'Maintenance',
  device: 'Device status',
  access: 'Access',
};

/** Every action of the log in one kind (a new action must say where it belongs: the compiler asks). */
export const RUNLOG_KIND_OF: Record<AuditAction, RunlogKind> = {
  'config.save': 'config',
  'config.restore': 'config',
  'port.poeReboot': 'maintenance',
  'device.add': 'config',
  'device.claim': 'config',
  'device.delete': 'config',
  'client.forceOffline': 'maintenance',
  'rf.run': 'config',
  'device.reboot': 'maintenance',
  'device.reset': 'maintenance',
  'device.locate': 'maintenance',
  'maintenance.succeeded': 'maintenance',
  'maintenance.failed': 'maintenance',
  'device.online': 'device',
  'device.offline': 'device',
  'project.signIn': 'access',
  'project.transfer': 'access',
  'backup.create': 'maintenance',
  'backup.update': 'maintenance',
  'backup.delete': 'maintenance',
  'backup.restore': 'maintenance',
  'device.upgrade': 'maintenance',
  'firmware.upload': 'maintenance',
  'firmware.delete': 'maintenance',
  'rebootSchedule.save': 'maintenance',
  'rebootSchedule.delete': 'maintenance',
  'rebootSchedule.skipped': 'maintenance',
  'disk.format': 'maintenance',
  'remote.open': 'access',
  'remote.close': 'access',
  'device.managementMode': 'maintenance',
};

/** The actions of some kinds (the filter as SQL sees it). */
export function runlogActionsOf(kinds: readonly RunlogKind[]): AuditAction[] {
  return AUDIT_ACTIONS.filter((a) => kinds.includes(RUNLOG_KIND_OF[a]));
}

/**
 * Actions the system log shows but the configuration change log ("who changed what", the history
 * drawers) does not: what devices did and what the results were, and who came in.
 */
export const RUNLOG_ONLY_ACTIONS: readonly AuditAction[] = [
  'maintenance.succeeded',
  'maintenance.failed',
  'device.online',
  'device.offline',
  'project.signIn',
  'rebootSchedule.skipped',
  'remote.open',
  'remote.close',
];

/** How each entry reads in the log's "Event" column and the CSV. */
export const RUNLOG_ACTION_LABELS: Record<AuditAction, string> = {
  'config.save': 'Configuration saved',
  'config.restore': 'Configuration restored',
  'port.poeReboot': 'PoE port reboot',
  'device.add': 'Device added',
  'device.claim': 'Device claimed',
  'device.delete': 'Device deleted',
  'client.forceOffline': 'Client forced offline',
  'rf.run': 'RF optimisation',
  'device.reboot': 'Restart',
  'device.reset': 'Factory reset',
  'device.locate': 'Locate',
  'maintenance.succeeded': 'Maintenance succeeded',
  'maintenance.failed': 'Maintenance failed',
  'device.online': 'Device online',
  'device.offline': 'Device offline',
  'project.signIn': 'Signed in to the shared project',
  'project.transfer': 'Project transferred',
  'backup.create': 'Configuration backup',
  'backup.update': 'Backup changed',
  'backup.delete': 'Backup deleted',
  'backup.restore': 'Restored from a backup',
  'device.upgrade': 'Firmware upgrade',
  'firmware.upload': 'Firmware added',
  'firmware.delete': 'Firmware deleted',
  'rebootSchedule.save': 'Reboot schedule saved',
  'rebootSchedule.delete': 'Reboot schedule deleted',
  'rebootSchedule.skipped': 'Scheduled reboot skipped',
  'disk.format': 'Disk format',
  'remote.open': 'Remote management opened',
  'remote.close': 'Remote management ended',
  'device.managementMode': 'Management mode',
};

const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000); // not a rule: the last instant a Date holds
const idQuery = z.coerce.number().int().positive().max(DB_ID_MAX);

const runlogFilterFields = z.object({
  /** Time range, epoch ms, inclusive. */
  from: epochMs.optional(),
  to: epochMs.optional(),
  /** Only entries about this device. */
  deviceId: idQuery.optional(),
  /** Only entries of this kind. */
  kind: z.enum(RUNLOG_KINDS).optional(),
  /** Only entries of this account (0: the system's own: devices, scheduled runs). */
  accountId: z.coerce.number().int().min(0).max(DB_ID_MAX).optional(),
});
const rangeInOrder = (f: { from?: number | undefined; to?: number | undefined }) =>
  f.from === undefined || f.to === undefined || f.from <= f.to;
const rangeIssue = { message: 'The start of the time range must be before its end.', path: ['from'] };

/** `GET …/runlog/export.csv`: the filters of the list, no paging. */
export const runlogFilterSchema = runlogFilterFields.refine(rangeInOrder, rangeIssue);
export type RunlogFilter = z.output<typeof runlogFilterSchema>;

/** `GET …/runlog`: filters plus paging; newest first. */
export const runlogQuerySchema = runlogFilterFields
  .extend({
    page: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .refine(rangeInOrder, rangeIssue);
export type RunlogQuery = z.input<typeof runlogQuerySchema>;

/** One entry: the change log's row plus its kind. */
export const runlogEntrySchema = auditEntrySchema.extend({ kind: z.enum(RUNLOG_KINDS) });
export type RunlogEntry = z.infer<typeof runlogEntrySchema>;

export const runlogPageSchema = z.object({
  items: z.array(runlogEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RunlogPage = z.infer<typeof runlogPageSchema>;

/** The accounts that appear in the project's log (the "user" filter's choices). */
export const runlogAccountsSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), nick: z.string() })),
});
export type RunlogAccounts = z.infer<typeof runlogAccountsSchema>;

/** §9 log retention: 7, 30, 90 or 180 days. */
export const runlogRetentionSchema = z.literal(LOG_RETENTION_DAYS);
/** `PUT …/runlog/settings` (owner only). */
export const runlogSettingsInputSchema = z.object({ retentionDays: runlogRetentionSchema });
export type RunlogSettingsInput = z.infer<typeof runlogSettingsInputSchema>;
/** The project's log settings; `chosen` false: the server's default applies (never set). */
export const runlogSettingsSchema = z.object({
  retentionDays: runlogRetentionSchema,
  chosen: z.boolean(),
  /** Whether the caller may change them (the owner). */
  canEdit: z.boolean(),
});
export type RunlogSettings = z.infer<typeof runlogSettingsSchema>;

/** Columns of the CSV export, in order (the time column names the project's zone). */
export const RUNLOG_EXPORT_COLUMNS = ['Time', 'Kind', 'Event', 'Device', 'Account', 'Details'] as const;

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────

const tag = 'runlog';

export const runlogEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/projects/:id/runlog',
    summary:
      'The system log, newest first: filters from/to (epoch ms), deviceId, kind, accountId; page, pageSize',
    tag,
    auth: { project: 'r' },
    group: 'runlog',
    params: projectParamsSchema,
    query: runlogQuerySchema,
    response: runlogPageSchema,
  }),
  accounts: endpoint({
    method: 'GET',
    path: '/api/projects/:id/runlog/accounts',
    summary: 'The accounts named in the project’s log (the user filter)',
    tag,
    auth: { project: 'r' },
    group: 'runlog',
    params: projectParamsSchema,
    response: runlogAccountsSchema,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/projects/:id/runlog/export.csv',
    summary: 'Download the filtered log as CSV (streamed), newest first, at most 50,000 rows',
    tag,
    auth: { project: 'r' },
    group: 'runlog',
    params: projectParamsSchema,
    query: runlogFilterSchema,
    response: 'file',
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/projects/:id/runlog/settings',
    summary: 'The project’s log retention (7, 30, 90 or 180 days) and whether the caller may change it',
    tag,
    auth: { project: 'r' },
    group: 'runlog',
    params: projectParamsSchema,
    response: runlogSettingsSchema,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/projects/:id/runlog/settings',
    summary: 'Choose the project’s log retention: 7, 30, 90 or 180 days (owner only; 405 demo)',
    tag,
    auth: { project: 'own' },
    group: 'runlog',
    params: projectParamsSchema,
    body: runlogSettingsInputSchema,
    response: runlogSettingsSchema,
  }),
};
