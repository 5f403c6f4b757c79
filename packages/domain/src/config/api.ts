/**
 * The HTTP API of the desired-state engine, for every kind alike: delivery status, the save request
 * and its result (delivery report, 414 conflict), history, diff, restore, audit and "retry
 * delivery". A kind's own view (its settings plus what its page shows) is in its feature folder
 * (`network/api.ts`…) and spreads {@link configDocumentMeta}.
 *
 * A save carries the version it was based on; if another save got in first the answer is 414 and
 * the form reloads the newer version to review (race-safe, nothing is overwritten silently).
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, RETRY_DELIVERY_MAX_DEVICES } from '../limits';
import { CONFIG_KIND_NAMES } from './catalogue';
import type { ConfigDiffEntry } from './diff';

const id = z.number().int();

/** Delivery state of one device (§ issue 4: applied / pending with age / failed with reason). */
export const CONFIG_DELIVERY_STATUSES = ['applied', 'pending', 'failed'] as const;
export type ConfigDeliveryStatus = (typeof CONFIG_DELIVERY_STATUSES)[number];

/** One device a document reaches, with its delivery state. */
export const configTargetStatusSchema = z.object({
  deviceId: id,
  sn: z.string(),
  name: z.string(),
  type: z.string(),
  online: z.boolean(),
  status: z.enum(CONFIG_DELIVERY_STATUSES),
  /** The version the device should run. */
  desiredVersion: id,
  /** The version the device last reported. */
  appliedVersion: id,
  /** Epoch ms since when the desired version waits for the device (null unless pending). */
  pendingSince: z.number().nullable(),
  /** §8 code and the device's words when it refused the desired version. */
  failedCode: z.number().int().nullable(),
  failedMessage: z.string().nullable(),
  updatedAt: z.number(),
});
export type ConfigTargetStatus = z.infer<typeof configTargetStatusSchema>;

/** `GET …/config/status`: delivery per device of the whole project, and the counts (the header badge). */
export const projectConfigStatusSchema = z.object({
  applied: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  devices: z.array(configTargetStatusSchema),
});
export type ProjectConfigStatus = z.infer<typeof projectConfigStatusSchema>;

/** Who saved: an account by id and nickname. */
export const accountRefSchema = z.object({ id, nick: z.string() });

/** What every settings view carries besides the settings themselves (spread into a kind's view). */
export const configDocumentMeta = {
  /** 0 = never saved (factory settings shown). */
  version: id,
  updatedAt: z.number().nullable(),
  updatedBy: accountRefSchema.nullable(),
  /** Devices this document is delivered to, with their delivery state. */
  targets: z.array(configTargetStatusSchema),
};

/** The body of every kind's save (`PUT` on its view's path). */
export const saveConfigRequestSchema = z.object({
  /** The version the edit started from (0 = factory settings). */
  baseVersion: z.number().int().min(0),
  settings: z.unknown(),
});
export type SaveConfigRequest = z.infer<typeof saveConfigRequestSchema>;

/** Which devices a save reaches now, later, or not at all. */
export const deliveryReportSchema = z.object({
  /** Devices the change affects. */
  targets: z.number().int(),
  /** Of which online now: delivered at once. */
  online: z.number().int(),
  /** Of which offline: queued, delivered when they reconnect. */
  queued: z.number().int(),
  /**
   * The devices the change affects and the version of their device document that carries it (0:
   * their document did not change), so the save's notification follows exactly these devices.
   */
  devices: z.array(z.object({ deviceId: id, version: z.number().int().min(0) })),
  /** Devices that cannot take it (local management mode 133, secondary mesh node 912…). */
  skipped: z.array(z.object({ deviceId: id, name: z.string(), code: z.number().int(), message: z.string() })),
});
export type DeliveryReport = z.infer<typeof deliveryReportSchema>;

/** "Retry delivery" of the chosen devices' settings (a refused version is never resent by itself). */
export const retryDeliveryRequestSchema = z.object({
  deviceIds: z.array(id.positive()).min(1).max(RETRY_DELIVERY_MAX_DEVICES),
});
export type RetryDeliveryRequest = z.infer<typeof retryDeliveryRequestSchema>;

const deviceRef = z.object({ deviceId: id, name: z.string() });
/**
 * What a retry did. Also the `data` of its 407 answer ("some devices are offline"), which says
 * which devices got their settings again all the same.
 */
export const retryDeliveryResultSchema = z.object({
  /** Sent again now: a failed device as a new version of the same settings, a pending one as is. */
  retried: z.array(deviceRef.extend({ version: id })),
  /** Nothing to retry: already applied, or no saved settings apply to the device. */
  unchanged: z.array(deviceRef),
  /** Offline: nothing was sent (the answer is 407); retry once they are back online. */
  offline: z.array(deviceRef),
});
export type RetryDeliveryResult = z.infer<typeof retryDeliveryResultSchema>;

/** What a save (or a restore) answers: the new version, its revision and summary, its delivery. */
export const saveConfigResultSchema = z.object({
  version: id,
  revisionId: id,
  summary: z.string(),
  delivery: deliveryReportSchema,
});
export type SaveConfigResult = z.infer<typeof saveConfigResultSchema>;

/**
 * The `data` of a 414 answer: the version that got in first, so the user can review it (who saved
 * it, when, what changed) before keeping their own changes on top of it or discarding them.
 */
export const configConflictSchema = z.object({
  /** The document's current version: a save on top of it sends this as `baseVersion`. */
  version: id,
  /** Its revision (for the history and the diff against the version the user started from). */
  revisionId: id,
  /** Null: saved by the system (RF optimisation). */
  savedBy: accountRefSchema.nullable(),
  savedAt: z.number(),
  summary: z.string(),
});
export type ConfigConflict = z.infer<typeof configConflictSchema>;

/** One version of a settings document in the history. */
export const configRevisionSchema = z.object({
  id,
  kind: z.enum(CONFIG_KIND_NAMES as [string, ...string[]]),
  deviceId: id.nullable(),
  deviceName: z.string().nullable(),
  version: id,
  summary: z.string(),
  account: accountRefSchema.nullable(),
  createdAt: z.number(),
  /** Set when this version restored an earlier one: that version's number. */
  restoredFrom: id.nullable(),
});
export type ConfigRevision = z.infer<typeof configRevisionSchema>;

/**
 * With `deviceId`: also the entries of project-wide documents (network, wireless, RF), which reach
 * the device without naming it — a device's whole configuration history. `true` or `false` in the
 * query string; a caller may pass the boolean, which the URL spells the same way.
 */
const withProjectFlag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((v) => v === true || v === 'true');

/** `GET …/config/revisions`: filters and paging. */
export const configRevisionQuerySchema = z.object({
  kind: z.enum(CONFIG_KIND_NAMES as [string, ...string[]]).optional(),
  deviceId: z.coerce.number().int().positive().optional(),
  withProject: withProjectFlag,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
/** A page of the history, newest first. */
export const configRevisionPageSchema = z.object({
  items: z.array(configRevisionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ConfigRevisionPage = z.infer<typeof configRevisionPageSchema>;

/** One version with its settings. */
export const configRevisionDetailSchema = configRevisionSchema.extend({ settings: z.unknown() });
export type ConfigRevisionDetail = z.infer<typeof configRevisionDetailSchema>;

/** One readable difference (domain `ConfigDiffEntry`). */
export const configDiffEntrySchema = z.object({
  op: z.enum(['added', 'removed', 'changed']),
  path: z.array(z.string()),
  before: z.string().optional(),
  after: z.string().optional(),
}) satisfies z.ZodType<ConfigDiffEntry>;
/** `GET …/config/diff?from&to`: two revisions of one document. */
export const configDiffQuerySchema = z.object({
  from: z.coerce.number().int().positive(),
  /** Absent = the current version of the same document. */
  to: z.coerce.number().int().positive().optional(),
});
/** The difference between two versions of one document. */
export const configDiffSchema = z.object({
  from: configRevisionSchema,
  to: configRevisionSchema,
  entries: z.array(configDiffEntrySchema),
});
export type ConfigDiff = z.infer<typeof configDiffSchema>;

/** `POST …/config/revisions/:revisionId/restore`: the version the restore is based on (414 when stale). */
export const restoreRequestSchema = z.object({ baseVersion: z.number().int().min(0) });

/**
 * What an audit row records: a save, a restore, a PoE port reboot, a device added, claimed or
 * deleted, a client forced offline, an RF optimisation run (one row per run).
 */
export const AUDIT_ACTIONS = [
  'config.save',
  'config.restore',
  'port.poeReboot',
  'device.add',
  'device.claim',
  'device.delete',
  'client.forceOffline',
  'rf.run',
  'device.reboot',
  'device.reset',
  'device.locate',
  'backup.create',
  'backup.update',
  'backup.delete',
  'backup.restore',
  // The system log's own (issue 13 §5): a maintenance job's result, a device's status transition,
  // a member's sign-in into a shared project.
  'maintenance.succeeded',
  'maintenance.failed',
  'device.online',
  'device.offline',
  'project.signIn',
  'device.upgrade',
  'firmware.upload',
  'firmware.delete',
  // Reboot schedules (issue 13 §1): saved, deleted, and a device a slot skipped (§9, refusals).
  'rebootSchedule.save',
  'rebootSchedule.delete',
  'rebootSchedule.skipped',
  'disk.format',
  // Remote web management (issue 13 §3): a session opened, and ended (why, in the summary).
  'remote.open',
  'remote.close',
  // Transfer of ownership (issue 14 §2): who gave the project to whom, and whether a share was kept.
  'project.transfer',
  // Management mode (issue 15): a device handed to local management, or back to the cloud.
  'device.managementMode',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** One row of the change log. */
export const auditEntrySchema = z.object({
  id,
  at: z.number(),
  account: accountRefSchema.nullable(),
  projectId: id,
  deviceId: id.nullable(),
  deviceName: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** `GET …/audit`: filters and paging. */
export const auditQuerySchema = z.object({
  deviceId: z.coerce.number().int().positive().optional(),
  withProject: withProjectFlag,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
/** A page of the change log, newest first. */
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** A device named in a device-level settings view (radios, CPE bridge). */
export const wirelessDeviceRefSchema = z.object({
  id,
  sn: z.string(),
  name: z.string(),
  model: z.string(),
  type: z.string(),
  online: z.boolean(),
});
