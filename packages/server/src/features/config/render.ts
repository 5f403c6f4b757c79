import { createHash } from 'node:crypto';
import {
  type BridgeSettings,
  canonicalJson,
  type DeviceConfigDocument,
  type DeviceRadioSettings,
  ERR,
  MANAGEMENT_MODES,
  MESH_NODE_TYPES,
  type NetworkSettings,
  type RfSettings,
  renderDeviceDocument,
  type SwitchSettings,
  takesNetworkSettings,
  type WirelessSettings,
} from '@netloom/domain';
import { type DeviceFacts, GATEWAY_KINDS, kindOf } from './facts';
import type { ConfigDocumentRow } from './store';

/** The saved documents of one project, parsed. */
export interface ProjectDocuments {
  network?: NetworkSettings;
  wireless?: WirelessSettings;
  rf?: RfSettings;
  switching: Map<number, SwitchSettings>;
  radio: Map<number, DeviceRadioSettings>;
  bridge: Map<number, BridgeSettings>;
}

export function parseDocuments(rows: readonly ConfigDocumentRow[]): ProjectDocuments {
  const out: ProjectDocuments = { switching: new Map(), radio: new Map(), bridge: new Map() };
  for (const r of rows) {
    if (r.device_id === null) {
      if (r.kind === 'network') out.network = JSON.parse(r.body) as NetworkSettings;
      if (r.kind === 'wireless') out.wireless = JSON.parse(r.body) as WirelessSettings;
      if (r.kind === 'rf') out.rf = JSON.parse(r.body) as RfSettings;
      continue;
    }
    if (r.kind === 'switching') out.switching.set(r.device_id, JSON.parse(r.body) as SwitchSettings);
    if (r.kind === 'radio') out.radio.set(r.device_id, JSON.parse(r.body) as DeviceRadioSettings);
    if (r.kind === 'bridge') out.bridge.set(r.device_id, JSON.parse(r.body) as BridgeSettings);
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
  const radio = docs.radio.get(f.deviceId);
  const bridge = docs.bridge.get(f.deviceId);
  return renderDeviceDocument({
    deviceId: f.deviceId,
    kind: kindOf(f),
    model: f.model,
    meshRole: f.meshRole,
    projectHasGateway: hasGatewayBesides(all, f.deviceId),
    project: {
      ...(docs.network ? { network: docs.network } : {}),
      ...(docs.wireless ? { wireless: docs.wireless } : {}),
      ...(docs.rf ? { rf: docs.rf } : {}),
    },
    device: {
      ...(switching ? { switching } : {}),
      ...(radio ? { radio } : {}),
      ...(bridge ? { bridge } : {}),
    },
  });
}

/** SHA-256 of the canonical JSON: equal documents, equal hashes. */
export function documentHash(doc: DeviceConfigDocument): string {
  return createHash('sha256').update(canonicalJson(doc)).digest('hex');
}
