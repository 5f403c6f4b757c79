/**
 * The named transitions of a device's delivery row (docs/protocol.md §7.1), from what the device
 * reports: the version it runs (`hello`, full `state`) and its answer to a version (`configResult`).
 * Pure: the engine reads the rows of a batch, moves them here, and writes those that changed.
 */
import type { DeviceConfigRow } from './store';

/** What a device said about its configuration, queued for the next batch. */
export type DeviceReport =
  | { type: 'version'; deviceId: number; projectId: number; version: number; hello: boolean; at: number }
  | {
      type: 'result';
      deviceId: number;
      projectId: number;
      version: number;
      ok: boolean;
      code: number | null;
      message: string | null;
      at: number;
    };

/** hello/state with the version the device runs (`toPublish` collects who needs it again). Returns whether the row changed. */
export function reportedVersion(
  row: DeviceConfigRow,
  rep: Extract<DeviceReport, { type: 'version' }>,
  toPublish: Set<number>,
): boolean {
  let dirty = false;
  if (row.applied_version !== rep.version) {
    row.applied_version = rep.version;
    dirty = true;
  }
  if (rep.version === row.desired_version) {
    if (row.status !== 'applied') {
      Object.assign(row, {
        status: 'applied',
        pending_since: null,
        failed_code: null,
        failed_message: null,
      });
      dirty = true;
    }
  } else if (rep.version > row.desired_version) {
    // The device runs a version this database never gave (restored from an older backup): move
    // past it with the same document so the device takes it.
    Object.assign(row, {
      desired_version: rep.version + 1,
      status: 'pending',
      pending_since: rep.at,
      failed_code: null,
      failed_message: null,
    });
    toPublish.add(row.device_id);
    dirty = true;
  } else if (rep.hello && row.status !== 'failed') {
    if (row.status !== 'pending') {
      Object.assign(row, { status: 'pending', pending_since: rep.at });
      dirty = true;
    }
    toPublish.add(row.device_id);
  }
  if (dirty) row.updated_at = rep.at;
  return dirty;
}

/** configResult: only a result for the desired version moves the row; duplicates change nothing. */
export function resultOf(row: DeviceConfigRow, rep: Extract<DeviceReport, { type: 'result' }>): boolean {
  if (rep.version !== row.desired_version) return false;
  if (rep.ok) {
    if (row.status === 'applied' && row.applied_version === rep.version) return false;
    Object.assign(row, {
      status: 'applied',
      applied_version: rep.version,
      pending_since: null,
      failed_code: null,
      failed_message: null,
      updated_at: rep.at,
    });
    return true;
  }
  if (row.status === 'failed' && row.failed_code === rep.code) return false;
  Object.assign(row, {
    status: 'failed',
    failed_code: rep.code,
    failed_message: rep.message,
    pending_since: null,
    updated_at: rep.at,
  });
  return true;
}
