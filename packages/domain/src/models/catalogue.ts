/**
 * The device model catalogue: every model the cloud knows, shared by the server (onboarding, device
 * pages, rule counts, `deviceVlans`) and the simulator (what a virtual device has and reports).
 * A device naming a model that is not here is still accepted by the protocol; the console then
 * shows it with §8 code 902 ("model not supported") and offers no model-specific settings.
 */
import type { DeviceCapability } from './capabilities';
import { ROUTING_MODELS } from './routing';
import { SWITCH_MODELS } from './switches';
import type { DeviceModel, ModelKind, RadioBand } from './types';
import { VIDEO_MODELS } from './video';
import { WIRELESS_MODELS } from './wireless';

/** Every model, grouped by kind in a stable order (routing, wireless, switches, video). */
export const DEVICE_MODELS: readonly DeviceModel[] = [
  ...ROUTING_MODELS,
  ...WIRELESS_MODELS,
  ...SWITCH_MODELS,
  ...VIDEO_MODELS,
];

const BY_KEY = new Map<string, DeviceModel>();
for (const m of DEVICE_MODELS) {
  BY_KEY.set(m.model.toLowerCase(), m);
  BY_KEY.set(m.name.toLowerCase(), m);
}

/**
 * The model a device reports (its model id, e.g. "NL-G300") or its display name
 * ("NL-G300 Gateway"); letter case and surrounding spaces are ignored. Undefined when unknown.
 */
export function findModel(name: string): DeviceModel | undefined {
  return BY_KEY.get(name.trim().toLowerCase());
}

/** The models of one kind, in catalogue order. */
export function modelsOfType(kind: ModelKind): DeviceModel[] {
  return DEVICE_MODELS.filter((m) => m.kind === kind);
}

/** The newest firmware of a model (the last of its list). */
export function latestFirmware(model: DeviceModel): string {
  const newest = model.firmwareVersions.at(-1);
  // Guarded by the catalogue test; a model without firmware would be a table mistake.
  if (newest === undefined) throw new Error(`Model ${model.model} lists no firmware`);
  return newest;
}

/** Whether a firmware version is older than the newest of its model (the "upgrade available" badge). */
export function isFirmwareOutdated(model: DeviceModel, version: string): boolean {
  const i = model.firmwareVersions.indexOf(version);
  return i !== -1 && i < model.firmwareVersions.length - 1;
}

/** Whether a model has a capability. */
export function modelHas(model: DeviceModel, capability: DeviceCapability): boolean {
  return model.capabilities.includes(capability);
}

/** The bands a model's radios cover, without repeats. */
export function modelBands(model: DeviceModel): RadioBand[] {
  return [...new Set(model.radios.map((r) => r.band))];
}

/** PoE ports of a model (those that power a device). */
export function poePorts(model: DeviceModel) {
  return model.ports.filter((p) => p.poe === 'out');
}

/** One row of the server-supplied `deviceVlans` list of §3, spelled as the spec spells it. */
export interface DeviceVlansRow {
  dev_type: string;
  min_vlan: number;
  max_vlan: number;
}

/** The §3 `deviceVlans` list (per model: dev_type, min_vlan, max_vlan) built from the catalogue. */
export function deviceVlansList(): DeviceVlansRow[] {
  return DEVICE_MODELS.map((m) => ({ dev_type: m.model, min_vlan: m.vlans.min, max_vlan: m.vlans.max }));
}
