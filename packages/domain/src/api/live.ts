/**
 * The browser live channel (`GET /api/live`, WebSocket): events the server pushes for one project,
 * and the few messages a browser sends. Shared by the server (producer) and the web (consumer).
 */
import { z } from 'zod';
import { COMMAND_ID_MAX_LENGTH } from '../limits';
import { ALARM_SEVERITIES } from './alarms';
import { endpoint } from './endpoint';
import { projectParamsSchema } from './params';

const id = z.number().int();

export const COMMAND_JOB_STATUSES = ['pending', 'sent', 'done', 'failed', 'expired'] as const;
export type CommandJobStatus = (typeof COMMAND_JOB_STATUSES)[number];

/** A device's status code changed (§4 codes: 0 offline, 1 online, 3 upgrading, 8 rebooting…). */
export const deviceStatusEventSchema = z.object({
  type: z.literal('device.status'),
  projectId: id,
  deviceId: id,
  sn: z.string(),
  status: z.number().int(),
  /** Epoch ms when the server saw the change. */
  at: z.number(),
});
/** Identity or hot state (hello/state) of a device changed: refetch it if shown. */
export const deviceUpdatedEventSchema = z.object({
  type: z.literal('device.updated'),
  projectId: id,
  deviceId: id,
});
/** A device not claimed by any project appeared under this project's device (to be verified). */
export const devicePendingEventSchema = z.object({
  type: z.literal('device.pending'),
  projectId: id,
  sn: z.string(),
});
/** A device's client table was replaced. */
export const clientsChangedEventSchema = z.object({
  type: z.literal('clients.changed'),
  projectId: id,
  deviceId: id,
});
/** New telemetry was committed for the project (charts may refresh). */
export const telemetryTickEventSchema = z.object({
  type: z.literal('telemetry.tick'),
  projectId: id,
  at: z.number(),
});
/** A command job changed (sent, progress stage, done/failed/expired). */
export const commandUpdatedEventSchema = z.object({
  type: z.literal('command.updated'),
  projectId: id,
  deviceId: id,
  commandId: z.string(),
  name: z.string(),
  status: z.enum(COMMAND_JOB_STATUSES),
  stage: z.string().optional(),
  percent: z.number().optional(),
  /** §8 error code when status is `failed`. */
  code: z.number().int().optional(),
});

/** A configuration backup of the project changed: its file arrived or failed, type, remark, restore, deleted. */
export const backupChangedEventSchema = z.object({
  type: z.literal('backup.changed'),
  projectId: id,
});

/** A device's configuration delivery state changed (pending → applied / failed), or a document was saved. */
export const configStatusEventSchema = z.object({
  type: z.literal('config.status'),
  projectId: id,
  /** Null when a settings document was saved (every view of the project's config may refresh). */
  deviceId: id.nullable(),
  status: z.enum(['applied', 'pending', 'failed']).nullable(),
  desiredVersion: id.nullable(),
  appliedVersion: id.nullable(),
});

/** An RF optimisation run moved (stage, percent) or ended (issue 5). */
export const rfProgressEventSchema = z.object({
  type: z.literal('rf.progress'),
  projectId: id,
  runId: id,
  status: z.enum(['running', 'succeeded', 'failed']),
  stage: z.enum(['scanning', 'planning', 'applying', 'done']),
  percent: z.number().min(0).max(100), // not a rule: a percentage
});

/**
 * Device events were committed (`raised`: new alarms or log lines arrived from devices or the cloud)
 * or alarms were marked read (`read`): the alarm list, the unread count and recent events may refresh.
 */
export const alarmsChangedEventSchema = z.object({
  type: z.literal('alarms.changed'),
  projectId: id,
  reason: z.enum(['raised', 'read', 'cleared']),
  /** New unread alarms in this change (0 for log lines only, and for `read` and `cleared`). */
  alarms: z.number().int().min(0),
  /** The most severe level among the new alarms, when there are any. */
  severity: z.enum(ALARM_SEVERITIES).optional(),
  /** Alarms whose condition ended in this change (`cleared`). */
  cleared: z.number().int().min(0).optional(),
});

/**
 * The project itself changed hands or rights (issue 14 §2: a transfer): every open console of the
 * project refetches the project and its right (the old owner's pages lose their owner actions).
 */
export const projectChangedEventSchema = z.object({
  type: z.literal('project.changed'),
  projectId: id,
  reason: z.enum(['transferred']),
});

/**
 * A share of the project changed (`shared`, `changed`), ended (`revoked`, `left`) or passed its expiry
 * (`expired`). The live channel re-checks the named account's sockets at once: one that lost the
 * project stops receiving its events and is told so (`error` 74 expired, 73 otherwise).
 */
export const memberChangedEventSchema = z.object({
  type: z.literal('member.changed'),
  projectId: id,
  accountId: id,
  reason: z.enum(['shared', 'changed', 'revoked', 'left', 'expired']),
});

/**
 * The projects of one account changed (issue 14): a project became its own by a transfer
 * (`transferred`) or was shared with it (`shared`). Addressed to the account, not the project: every
 * open console of the account hears it, whatever project it follows, and refetches its project list.
 */
export const accountProjectsEventSchema = z.object({
  type: z.literal('account.projects'),
  projectId: id,
  accountId: id,
  reason: z.enum(['transferred', 'shared']),
});

export const liveEventSchema = z.discriminatedUnion('type', [
  projectChangedEventSchema,
  accountProjectsEventSchema,
  memberChangedEventSchema,
  alarmsChangedEventSchema,
  configStatusEventSchema,
  rfProgressEventSchema,
  deviceStatusEventSchema,
  deviceUpdatedEventSchema,
  devicePendingEventSchema,
  clientsChangedEventSchema,
  telemetryTickEventSchema,
  commandUpdatedEventSchema,
  backupChangedEventSchema,
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];
/** The event of one type, e.g. `LiveEventOf<'device.status'>`. */
export type LiveEventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>;

/**
 * Browser → server on `/api/live`: subscribe to a project (replaces the previous subscription;
 * membership is checked server-side), unsubscribe, or ping.
 */
export const liveClientMessageSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('subscribe'), projectId: id }),
  z.object({ op: z.literal('unsubscribe') }),
  z.object({ op: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/**
 * Browsers cannot set an Authorization header on a WebSocket, so a bearer session (openapi/app
 * access) opens `/api/live` offering two subprotocols: `LIVE_SUBPROTOCOL` first (the one the
 * server selects and echoes) and `LIVE_BEARER_PREFIX + token`. Only script on a page that already
 * holds the token can offer it, so, like the header, it needs no CSRF or origin check.
 */
export const LIVE_SUBPROTOCOL = 'netloom.live.v1';

/**
 * The project id a browser subscribes to for the events of every project its account is a member
 * of (the data screen across them); real project ids start at 1.
 */
export const LIVE_ALL_PROJECTS = 0;
export const LIVE_BEARER_PREFIX = 'netloom.bearer.';

/** The path of the live channel (a WebSocket upgrade of a GET). */
export const LIVE_PATH = '/api/live';

/**
 * Close codes of the live channel: the server's reason, the browser's reaction.
 * - `SESSION_ENDED` (4401): the session was signed out, its password changed or it expired — the
 *   browser runs its sign-out flow instead of reconnecting;
 * - `TOO_SLOW` (1013, "try again later"): the browser did not keep up with its events and was cut off
 *   rather than buffered without bound — it reconnects with back-off and refetches.
 */
export const LIVE_CLOSE_CODES = { SESSION_ENDED: 4401, TOO_SLOW: 1013 } as const;

/**
 * Server → browser: `event` frames carry a LiveEvent; `subscribed` confirms a subscription;
 * `error` carries a §8 code (e.g. 73 not a member) and the subscription is dropped; `pong`.
 */
export const liveServerMessageSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('event'), event: liveEventSchema }),
  z.object({ op: z.literal('subscribed'), projectId: id }),
  z.object({ op: z.literal('error'), code: z.number().int(), projectId: id.optional() }),
  z.object({ op: z.literal('pong') }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;

/** A command job as the UI polls it: `GET /api/projects/:id/commands/:commandId`. */
export const commandJobSchema = z.object({
  id: z.string(),
  deviceId: id,
  name: z.string(),
  status: z.enum(COMMAND_JOB_STATUSES),
  stage: z.string().nullable(),
  percent: z.number().nullable(),
  /** §8 error code when failed. */
  code: z.number().int().nullable(),
  message: z.string().nullable(),
  createdAt: z.number(),
  expiresAt: z.number(),
  updatedAt: z.number(),
});
export type CommandJob = z.infer<typeof commandJobSchema>;

/** `…/commands/:commandId` */
export const commandParamsSchema = projectParamsSchema.extend({
  commandId: z.string().regex(new RegExp(`^[A-Za-z0-9_-]{1,${COMMAND_ID_MAX_LENGTH}}$`)),
});

/** Command jobs: their progress is pushed as `command.updated`; the UI reads one after a reload. */
export const commandEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/projects/:id/commands/:commandId',
    summary: 'A device command job: status, stage, percent, result code (412 if unknown)',
    tag: 'commands',
    auth: { project: 'r' },
    group: 'commands',
    params: commandParamsSchema,
    response: commandJobSchema,
  }),
};
