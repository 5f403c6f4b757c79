import { createHash } from 'node:crypto';
import {
  canonicalJson,
  type DeviceConfigDocument,
  ERR,
  MANAGEMENT_MODES,
  MESH_NODE_TYPES,
  type NetworkSettings,
  renderDeviceDocument,
  type SwitchSettings,
  takesNetworkSettings,
} from '@netloom/domain';
import { type DeviceFacts, GATEWAY_KINDS, kindOf } from './facts';
import type { ConfigDocumentRow } from './store';

/** The saved documents of one project, parsed. */
export interface ProjectDocuments {
  network?: NetworkSettings;
  switching: Map<number, SwitchSettings>;
}

export function parseDocuments(rows: readonly ConfigDocumentRow[]): ProjectDocuments {
  const out: ProjectDocuments = { switching: new Map() };
  for (const r of rows) {
    if (r.kind === 'network' && r.device_id === null) out.network = JSON.parse(r.body) as NetworkSettings;
    if (r.kind === 'switching' && r.device_id !== null)
      out.switching.set(r.device_id, JSON.parse(r.body) as SwitchSettings);
  }
  return out;
}

/** Whether the project has a gateway other than `self` (a primary mesh node then routes nothing). */
export function hasGatewayBesides(
  types: readonly { deviceId: number; type: string }[],
  self: number,
): boolean {
  return types.some((d) => d.deviceId !== self && GATEWAY_KINDS.includes(d.type));
}

/** Whether a device takes the project's network settings (the gateway, or a gateway-less primary mesh). */
export function takesNetwork(f: DeviceFacts, all: readonly { deviceId: number; type: string }[]): boolean {
  return takesNetworkSettings({
    kind: kindOf(f),
    meshRole: f.meshRole,
    projectHasGateway: hasGatewayBesides(all, f.deviceId),
  });
}

/** A device a change cannot reach, with the catalogue code that says why. */
export interface Skip {
  code: number;
}

/** Why a device cannot be configured now (local management 133, secondary mesh node 912), or null. */
export function skipOf(f: DeviceFacts): Skip | null {
  if (f.managementMode === MANAGEMENT_MODES.LOCAL) return { code: ERR.LOCAL_MODE_UNSUPPORTED_ALT };
  if (kindOf(f) === 'mesh' && f.meshRole === MESH_NODE_TYPES.SECONDARY)
    return { code: ERR.SECONDARY_MESH_NODE };
  return null;
}

/** The document a device should run (null: nothing saved applies to it). */
export function renderFor(
  f: DeviceFacts,
  docs: ProjectDocuments,
  all: readonly { deviceId: number; type: string }[],
): DeviceConfigDocument | null {
  const switching = docs.switching.get(f.deviceId);
  return renderDeviceDocument({
    kind: kindOf(f),
    model: f.model,
    meshRole: f.meshRole,
    projectHasGateway: hasGatewayBesides(all, f.deviceId),
    project: docs.network ? { network: docs.network } : {},
    device: switching ? { switching } : {},
  });
}

/** SHA-256 of the canonical JSON: equal documents, equal hashes. */
export function documentHash(doc: DeviceConfigDocument): string {
  return createHash('sha256').update(canonicalJson(doc)).digest('hex');
}
