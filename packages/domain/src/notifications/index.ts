/**
 * Project notifications (issue 10 point 8): alarms reach people by e-mail and by signed webhook.
 * A project has up to `NOTIFY_CHANNELS_MAX` channels, each with a minimum level (the alarm levels of
 * `ALARM_SEVERITIES`); alarms raised or cleared within `NOTIFY_BATCH_WINDOW_MS` go out as one
 * message per channel. Only members with the manage right configure them. The webhook contract
 * (headers, signature, payload) is documented in docs/api.md "Webhook notifications".
 */
import { z } from 'zod';
import { ALARM_SEVERITIES, type AlarmSeverity } from '../api/alarms';
import { endpoint } from '../api/endpoint';
import { emptySchema } from '../api/envelope';
import { dbIdSchema, projectParamsSchema } from '../api/params';
import { NOTIFY_EMAIL_MAX_LENGTH, NOTIFY_URL_MAX_LENGTH } from '../limits';

/** Where a notification goes. */
export const NOTIFY_CHANNEL_KINDS = ['email', 'webhook'] as const;
export type NotifyChannelKind = (typeof NOTIFY_CHANNEL_KINDS)[number];
export const NOTIFY_CHANNEL_KIND_LABELS: Record<NotifyChannelKind, string> = {
  email: 'E-mail',
  webhook: 'Webhook',
};

/** The level a new channel starts at: warnings and critical alarms, not info. */
export const DEFAULT_NOTIFY_LEVEL: AlarmSeverity = 'warning';
/** How the minimum level reads in a select: "Warning and above". */
export const NOTIFY_LEVEL_LABELS: Record<AlarmSeverity, string> = {
  info: 'All alarms (info and above)',
  warning: 'Warning and critical',
  critical: 'Critical only',
};

/** Whether an alarm of `severity` reaches a channel whose minimum is `min`. */
export function reachesLevel(severity: AlarmSeverity, min: AlarmSeverity): boolean {
  return ALARM_SEVERITIES.indexOf(severity) >= ALARM_SEVERITIES.indexOf(min);
}

// ── Webhook signing (the receiver's side is documented in docs/api.md) ───────────────────────────
/** Unix seconds when the message was signed; part of what is signed, so it cannot be replayed later. */
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Netloom-Timestamp';
/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with the webhook's secret>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Netloom-Signature';
/** The delivery's id, the same on every retry of one message (a receiver may deduplicate by it). */
export const WEBHOOK_DELIVERY_HEADER = 'X-Netloom-Delivery';
/** What the HMAC covers: the timestamp, a dot, the raw body bytes. */
export function webhookSignedContent(timestamp: string, rawBody: string): string {
  return `${timestamp}.${rawBody}`;
}
/** Prefix of a webhook secret (easy to recognise in a receiver's configuration). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

// ── Rules of a channel ───────────────────────────────────────────────────────────────────────────
export const NOTIFY_EMAIL_MESSAGE = 'Enter a valid e-mail address, e.g. noc@example.com.';
export const NOTIFY_URL_MESSAGE = 'Enter an http:// or https:// URL, e.g. https://hooks.example.com/netloom.';

export const notifyEmailSchema = z
  .string()
  .trim()
  .max(NOTIFY_EMAIL_MAX_LENGTH, NOTIFY_EMAIL_MESSAGE)
  .pipe(z.email(NOTIFY_EMAIL_MESSAGE));

/** An absolute http(s) URL with a host, without user name or password. */
export const notifyUrlSchema = z
  .string()
  .trim()
  .max(NOTIFY_URL_MAX_LENGTH, NOTIFY_URL_MESSAGE)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && !u.username;
    } catch {
      return false;
    }
  }, NOTIFY_URL_MESSAGE);

/** The form's check of a target: the message to show, or null. */
export function notifyTargetIssue(kind: NotifyChannelKind, target: string): string | null {
  const r = (kind === 'email' ? notifyEmailSchema : notifyUrlSchema).safeParse(target);
  return r.success ? null : (r.error.issues[0]?.message ?? NOTIFY_URL_MESSAGE);
}

export const notifyChannelCreateSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('email'),
    target: notifyEmailSchema,
    minLevel: z.enum(ALARM_SEVERITIES).default(DEFAULT_NOTIFY_LEVEL),
  }),
  z.object({
    kind: z.literal('webhook'),
    target: notifyUrlSchema,
    minLevel: z.enum(ALARM_SEVERITIES).default(DEFAULT_NOTIFY_LEVEL),
  }),
]);
export type NotifyChannelCreate = z.input<typeof notifyChannelCreateSchema>;

export const notifyChannelUpdateSchema = z.object({ minLevel: z.enum(ALARM_SEVERITIES) });
export type NotifyChannelUpdate = z.input<typeof notifyChannelUpdateSchema>;

export const NOTIFY_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type NotifyDeliveryStatus = (typeof NOTIFY_DELIVERY_STATUSES)[number];
export const NOTIFY_PURPOSES = ['alarms', 'test'] as const;

/** One message to one channel. */
export const notifyDeliverySchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  purpose: z.enum(NOTIFY_PURPOSES),
  status: z.enum(NOTIFY_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** Alarms the message lists. */
  alarms: z.number().int(),
  subject: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
  /** When the next attempt is due (pending only). */
  nextAt: z.number().nullable(),
});
export type NotifyDelivery = z.infer<typeof notifyDeliverySchema>;

export const notifyChannelSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFY_CHANNEL_KINDS),
  target: z.string(),
  minLevel: z.enum(ALARM_SEVERITIES),
  createdAt: z.number(),
  /** The last four characters of a webhook's secret, to tell secrets apart ("…9f2c"). */
  secretHint: z.string().nullable(),
  /** The latest message to this channel, if any. */
  last: notifyDeliverySchema.nullable(),
});
export type NotifyChannel = z.infer<typeof notifyChannelSchema>;

export const notifySettingsSchema = z.object({
  channels: z.array(notifyChannelSchema),
  /** Recent messages of every channel, newest first. */
  deliveries: z.array(notifyDeliverySchema),
  /** False when the server has no SMTP server configured: e-mails are only written to its log. */
  emailDelivers: z.boolean(),
  batchWindowSeconds: z.number().int(),
});
export type NotifySettings = z.infer<typeof notifySettingsSchema>;

/** A created channel; a webhook's secret is in this answer only — it is never shown again. */
export const notifyChannelCreatedSchema = z.object({
  channel: notifyChannelSchema,
  secret: z.string().nullable(),
});
export type NotifyChannelCreated = z.infer<typeof notifyChannelCreatedSchema>;

/** "Send test": delivered, or the real error of the SMTP server or the webhook. */
export const notifyTestResultSchema = z.object({
  ok: z.boolean(),
  /** What went wrong, in the transport's words ("connect ECONNREFUSED 127.0.0.1:25", "HTTP 500"). */
  error: z.string().nullable(),
  /** Where it went: "smtp" (a real server), "log" (no SMTP server configured), "webhook". */
  via: z.enum(['smtp', 'log', 'webhook']),
});
export type NotifyTestResult = z.infer<typeof notifyTestResultSchema>;

/** `…/notifications/:channelId` */
export const notifyChannelParamsSchema = projectParamsSchema.extend({ channelId: dbIdSchema });

// ── The message (the webhook's JSON body; the e-mail says the same in words) ─────────────────────
export const notifyAlarmSchema = z.object({
  id: z.number().int(),
  at: z.number(),
  severity: z.enum(ALARM_SEVERITIES),
  code: z.string(),
  text: z.string(),
  device: z.object({ id: z.number().int(), name: z.string(), sn: z.string(), model: z.string().nullable() }),
  /** Set when the alarm's condition has ended. */
  clearedAt: z.number().nullable(),
  clearedText: z.string().nullable(),
});
export type NotifyAlarm = z.infer<typeof notifyAlarmSchema>;

export const notificationMessageSchema = z.object({
  type: z.enum(['alarms', 'test']),
  project: z.object({ id: z.number().int(), name: z.string() }),
  /** One line, e.g. "3 new alarms, 1 cleared — Hotel Lisbon". */
  subject: z.string(),
  /** Alarms raised in the window (some may have cleared already). */
  raised: z.array(notifyAlarmSchema),
  /** Alarms raised earlier whose condition ended in the window. */
  cleared: z.array(notifyAlarmSchema),
  /** Alarms beyond the ones listed (a message lists at most `NOTIFY_MESSAGE_MAX_ALARMS`). */
  more: z.number().int(),
  sentAt: z.number(),
});
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────
const tag = 'notifications';
// Who receives a project's alarms is the project's configuration: reading and changing it both
// need the manage right (916 for a read-only member; 173 while the owner's lock is on; 405 demo).
const auth = { project: 'rw' } as const;
const group = 'notifications';

export const notificationEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/api/projects/:id/notifications',
    summary: 'Notification channels (e-mail, webhook), their last delivery and the recent deliveries',
    tag,
    auth,
    group,
    params: projectParamsSchema,
    response: notifySettingsSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/projects/:id/notifications',
    summary: 'Add an e-mail address or a webhook (450 limit, 451 exists); a webhook secret is returned once',
    tag,
    auth,
    group,
    params: projectParamsSchema,
    body: notifyChannelCreateSchema,
    response: notifyChannelCreatedSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id/notifications/:channelId',
    summary: 'Change the minimum level of a channel',
    tag,
    auth,
    group,
    params: notifyChannelParamsSchema,
    body: notifyChannelUpdateSchema,
    response: notifyChannelSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/notifications/:channelId',
    summary: 'Remove a channel (its deliveries go with it)',
    tag,
    auth,
    group,
    params: notifyChannelParamsSchema,
    response: emptySchema,
  }),
  test: endpoint({
    method: 'POST',
    path: '/api/projects/:id/notifications/:channelId/test',
    summary: 'Send a test message now; answers delivered or the real error',
    tag,
    auth,
    group,
    params: notifyChannelParamsSchema,
    response: notifyTestResultSchema,
  }),
};
