/**
 * The saved settings documents of a project and what they render into for one device: the generic
 * side of rendering (parse rows, skip devices that cannot be configured, hash). What each kind
 * contributes is its definition's `render` (domain `kinds/`); nothing here knows a kind.
 */
import { createHash } from 'node:crypto';
import {
  canonicalJson,
  type DeviceConfigDocument,
  type DeviceTimeSection,
  ERR,
  isSecondaryMeshNode,
  MANAGEMENT_MODES,
  type ProjectDeviceType,
  type ProjectDocuments,
  renderDeviceDocument,
} from '@netloom/domain';
import type { DeviceFacts } from './facts';
import type { ConfigDocumentRow } from './store';

/** The saved documents of one project, parsed: project-level by kind, device-level by device and kind. */
export function parseDocuments(rows: readonly ConfigDocumentRow[]): ProjectDocuments {
  const project: Record<string, unknown> = {};
  const devices = new Map<number, Record<string, unknown>>();
  for (const r of rows) {
    const settings = JSON.parse(r.body) as unknown;
    if (r.device_id === null) project[r.kind] = settings;
    else devices.set(r.device_id, { ...devices.get(r.device_id), [r.kind]: settings });
  }
  return { project, devices };
}

/** A device a change cannot reach, with the catalogue code that says why. */
export interface Skip {
  code: number;
}

/** Why a device cannot be configured now (local management 133, secondary mesh node 912), or null. */
export function skipOf(f: DeviceFacts): Skip | null {
  if (f.managementMode === MANAGEMENT_MODES.LOCAL) return { code: ERR.LOCAL_MODE_UNSUPPORTED_ALT };
  if (isSecondaryMeshNode(f)) return { code: ERR.SECONDARY_MESH_NODE };
  return null;
}

/** The document a device should run, with its project's clock (null: nothing saved applies to it). */
export function renderFor(
  f: DeviceFacts,
  docs: ProjectDocuments,
  devices: readonly ProjectDeviceType[],
  time: DeviceTimeSection | undefined,
): DeviceConfigDocument | null {
  return renderDeviceDocument({ device: f, devices, docs, ...(time && { time }) });
}

/** SHA-256 of the canonical JSON: equal documents, equal hashes. */
export function documentHash(doc: DeviceConfigDocument): string {
  return createHash('sha256').update(canonicalJson(doc)).digest('hex');
}
