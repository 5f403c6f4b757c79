/**
 * NVR disks (issue 13 §4): who may format which disk now, how long it takes, and what the drawer
 * says — written once for the server (which refuses with the code) and the web (which disables the
 * button with the reason).
 *
 * Decisions (docs/protocol.md §7.2 `formatDisk`, docs/architecture.md "NVR disks"):
 * - One format at a time per recorder: while any of its disks is formatting (a `formatDisk` job
 *   still open, or a disk reporting `formatting`) another format is refused with 3001.
 * - Formatting is allowed while the recorder records: recording to that disk stops for the format,
 *   the other disks keep recording, and the formatted disk takes recordings again when it is done.
 *   Everything recorded on it is erased (the confirmation says so).
 * - The device state refuses like every device operation (domain `deviceStateRefusal`): local
 *   management mode 76, upgrading 71, rebooting 917, a restart or reset still open 911, offline 36.
 */
import { ERR, type ErrorCode, errorMessage } from '../errors/catalogue';
import { DISK_FORMAT_BASE_SECONDS, DISK_FORMAT_SECONDS_PER_TB } from '../limits';
import { deviceStateRefusal, type MaintenanceContext, type MaintenanceTarget } from '../maintenance/rules';
import { findModel, modelHas } from '../models/catalogue';

/** The protocol command (docs/protocol.md §7.2) and the model capability it needs. */
export const FORMAT_DISK_COMMAND = 'formatDisk';
export const FORMAT_DISK_CAPABILITY = 'formatDisk';

/** A disk as the recorder reports it (`state.disks[]`). */
export interface NvrDiskState {
  id: number;
  status: string;
  capacityGb: number;
}

export interface FormatContext extends MaintenanceContext {
  /** The server: a `formatDisk` job of this recorder is still open. */
  formatting?: boolean;
}

const GB_PER_TB = 1000;

/** About how long formatting a disk of this size takes, in seconds. */
export function diskFormatSeconds(capacityGb: number): number {
  return Math.round(
    DISK_FORMAT_BASE_SECONDS + (Math.max(0, capacityGb) / GB_PER_TB) * DISK_FORMAT_SECONDS_PER_TB,
  );
}

/**
 * Why formatting disk `diskId` is refused now, as a §8 code, or null when it may start. In this
 * order: not a recorder with disks (913), the device state (76, 912, 71, 917, 911, 36), another
 * format of this recorder under way (3001), no disk in that bay (3002).
 */
export function formatDiskRefusal(
  d: MaintenanceTarget,
  disks: readonly NvrDiskState[],
  diskId: number,
  ctx: FormatContext = {},
): ErrorCode | null {
  const model = d.model ? findModel(d.model) : undefined;
  if (d.type !== 'nvr' || (model && !modelHas(model, FORMAT_DISK_CAPABILITY)))
    return ERR.DEVICE_OPERATION_UNSUPPORTED;
  const state = deviceStateRefusal(d, ctx);
  if (state !== null) return state;
  if (ctx.formatting || disks.some((k) => k.status === 'formatting')) return ERR.DISK_FORMAT_IN_PROGRESS;
  if (!disks.some((k) => k.id === diskId)) return ERR.DISK_NOT_FOUND;
  return null;
}

/** The reason shown next to a disabled Format button, or null when it may start. */
export function formatDiskRefusalReason(
  d: MaintenanceTarget,
  disks: readonly NvrDiskState[],
  diskId: number,
  ctx: FormatContext = {},
): string | null {
  const code = formatDiskRefusal(d, disks, diskId, ctx);
  return code === null ? null : errorMessage(code);
}

/** The words of a disk's health (`state.disks[].health`, the drive's own self-test). */
export const DISK_HEALTH_LABELS: Record<string, string> = {
  good: 'Good',
  warning: 'Warning',
  bad: 'Failing',
};

/** The words of a disk's status (`state.disks[].status`). */
export const DISK_STATUS_LABELS: Record<string, string> = {
  ok: 'Normal',
  unformatted: 'Unformatted',
  formatting: 'Formatting',
  full: 'Full',
  failed: 'Failed',
};

/**
 * What the confirmation says happens to recording while a disk is formatted (the web adds what is
 * erased, the size and the time): the recorder's other disks keep recording, an only disk records
 * nothing until it is done.
 */
export function formatRecordingEffect(diskCount: number): string {
  return diskCount > 1
    ? 'Recording to this disk stops while it is formatted; the other disks keep recording, and this one takes recordings again when it is done.'
    : 'This is the recorder’s only disk: nothing is recorded until the format is done, then recording resumes on it.';
}
