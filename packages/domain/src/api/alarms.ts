/**
 * Alarms and device events (§2 /manage/alarminfo, §3 "Alarm: time, event, device MAC, model, name,
 * read/unread (1/0)", §9 alarm download ≤ 50,000): request and response schemas shared by the
 * server and the web. Devices report events over the protocol (`events`, docs/protocol.md §6.5);
 * the cloud raises its own (late rule conflicts, docs/decisions.md). Events of kind `alarm` are the
 * alarm list and carry the read flag; `log` lines are shown with a device's recent events.
 */
import { z } from 'zod';
import { ALARM_READ_FLAGS } from '../enums/misc';
import {
  ALARM_MARK_READ_MAX_IDS,
  DB_ID_MAX,
  DEFAULT_ALARM_PAGE_SIZE,
  LIST_PAGE_MAX,
  MAX_PAGE_SIZE,
  SEARCH_TEXT_MAX_LENGTH,
} from '../limits';
import { endpoint } from './endpoint';
import { projectParamsSchema } from './params';

/** Levels of an event, most severe last. */
export const ALARM_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];
export const ALARM_SEVERITY_LABELS: Record<AlarmSeverity, string> = {
  info: 'Info',
  warning: 'Warning',
  critical: 'Critical',
};

/** `alarm` (the alarm list, read/unread) or `log` (a device's log line). */
export const EVENT_KINDS = ['alarm', 'log'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Alarm read flag as §3 spells it: 1 read, 0 unread (`ALARM_READ_FLAGS`). */
export const alarmReadFlagSchema = z.union([
  z.literal(ALARM_READ_FLAGS.UNREAD),
  z.literal(ALARM_READ_FLAGS.READ),
]);

const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000); // not a rule: the last instant a Date holds

/** Filters of the list and the export (query string). */
const alarmFilterFields = z.object({
  /** `alarm` (default: the alarm list), `log`, or `all` (a device's recent events). */
  kind: z.enum([...EVENT_KINDS, 'all']).default('alarm'),
  /** Level. */
  severity: z.enum(ALARM_SEVERITIES).optional(),
  /** 0 unread only, 1 read only. */
  read: z.coerce.number().int().min(ALARM_READ_FLAGS.UNREAD).max(ALARM_READ_FLAGS.READ).optional(),
  /** Only events of this device. */
  deviceId: z.coerce.number().int().positive().max(DB_ID_MAX).optional(),
  /** Time range, epoch ms, inclusive. */
  from: epochMs.optional(),
  to: epochMs.optional(),
  /** Search in the event text and code and the device's name, SN, MAC and model (case-insensitive). */
  q: z.string().trim().max(SEARCH_TEXT_MAX_LENGTH).optional(),
});

const rangeInOrder = (f: { from?: number | undefined; to?: number | undefined }) =>
  f.from === undefined || f.to === undefined || f.from <= f.to;
const rangeIssue = { message: 'The start of the time range must be before its end.', path: ['from'] };

/** `GET /api/projects/:id/alarms/export.csv`: the filters of the list, no paging. */
export const alarmFilterSchema = alarmFilterFields.refine(rangeInOrder, rangeIssue);
export type AlarmFilter = z.output<typeof alarmFilterSchema>;

/** `GET /api/projects/:id/alarms`: filters plus paging; newest first. */
export const alarmListQuerySchema = alarmFilterFields
  .extend({
    page: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_ALARM_PAGE_SIZE),
  })
  .refine(rangeInOrder, rangeIssue);
export type AlarmListQuery = z.input<typeof alarmListQuerySchema>;

/** The device an event belongs to (§3: MAC, model, name). */
export const alarmDeviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  mac: z.string().nullable(),
  model: z.string().nullable(),
  type: z.string(),
});

/** One alarm or log line. */
export const alarmSchema = z.object({
  id: z.number().int(),
  /** When it happened (the device's clock), epoch ms. */
  at: z.number(),
  kind: z.enum(EVENT_KINDS),
  severity: z.enum(ALARM_SEVERITIES),
  /** Machine code, e.g. `cpu_high`, `project_rule_violation`. */
  code: z.string(),
  /** The event, in words. */
  text: z.string(),
  read: alarmReadFlagSchema,
  device: alarmDeviceSchema,
  /** What within the device it is about ("port 3"), if the device said. */
  subject: z.string().nullable(),
  /** Whether the alarm describes a condition that can end (domain `ALARM_CLEAR_RULES`). */
  clearable: z.boolean(),
  /** When its condition ended (epoch ms); null while active, or for an alarm that cannot clear. */
  clearedAt: z.number().nullable(),
  /** Why it cleared, in words ("device back online"). */
  clearedText: z.string().nullable(),
});
export type Alarm = z.infer<typeof alarmSchema>;

export const alarmListSchema = z.object({
  items: z.array(alarmSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Unread alarms of the whole project (whatever the filters): the header badge. */
  unread: z.number().int(),
});
export type AlarmList = z.infer<typeof alarmListSchema>;

/** `GET /api/projects/:id/alarms/unread`: the bell — the count and the newest unread alarms. */
export const alarmUnreadSchema = z.object({
  unread: z.number().int(),
  latest: z.array(alarmSchema),
});
export type AlarmUnread = z.infer<typeof alarmUnreadSchema>;

/** `POST /api/projects/:id/alarms/read`: the alarms named, or every unread alarm (optionally of one device). */
export const alarmMarkReadSchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(ALARM_MARK_READ_MAX_IDS).optional(),
    all: z.literal(true).optional(),
    deviceId: z.number().int().positive().optional(),
  })
  .refine((b) => (b.ids !== undefined) !== (b.all === true), {
    message: 'Name the alarms to mark as read, or mark all of them.',
    path: ['ids'],
  });
export type AlarmMarkRead = z.input<typeof alarmMarkReadSchema>;

export const alarmMarkReadResultSchema = z.object({
  /** Alarms that were unread and are read now. */
  marked: z.number().int(),
  unread: z.number().int(),
});
export type AlarmMarkReadResult = z.infer<typeof alarmMarkReadResultSchema>;

/** Columns of the CSV export, in order. */
export const ALARM_EXPORT_COLUMNS = [
  'Time',
  'Level',
  'Event',
  'Code',
  'Device name',
  'Model',
  'MAC',
  'SN',
  'Read',
] as const;

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────

const tag = 'alarms';
const auth = { project: 'r' } as const;

export const alarmEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/projects/:id/alarms',
    summary:
      'Alarms (or ?kind=log|all events), newest first: filters severity, read (0/1), deviceId, from/to (epoch ms), q; page, pageSize',
    tag,
    auth,
    group: 'alarms',
    params: projectParamsSchema,
    query: alarmListQuerySchema,
    response: alarmListSchema,
  }),
  unread: endpoint({
    method: 'GET',
    path: '/api/projects/:id/alarms/unread',
    summary: 'Unread alarm count and the newest unread alarms (the header bell)',
    tag,
    auth,
    group: 'alarms',
    params: projectParamsSchema,
    response: alarmUnreadSchema,
  }),
  // Read flags are the project's, shared by its members: changing them needs the manage right (916
  // for a read-only member), and the demo guard refuses it in demo projects (405) like every change.
  markRead: endpoint({
    method: 'POST',
    path: '/api/projects/:id/alarms/read',
    summary: 'Mark alarms read: { ids } or { all: true, deviceId? } (916 read-only member, 405 demo)',
    tag,
    auth: { project: 'rw' },
    group: 'alarms',
    params: projectParamsSchema,
    body: alarmMarkReadSchema,
    response: alarmMarkReadResultSchema,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/projects/:id/alarms/export.csv',
    summary: 'Download the filtered alarms as CSV, newest first, at most 50,000 rows (§9)',
    tag,
    auth,
    group: 'alarms',
    params: projectParamsSchema,
    query: alarmFilterSchema,
    response: 'file',
  }),
};
