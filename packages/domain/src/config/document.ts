/**
 * Configuration kinds and the device configuration document (docs/protocol.md §7.1).
 *
 * What users edit are *settings documents*, each versioned on its own: project-wide ones (the
 * `network` settings) and per-device ones (a switch's `switching` settings). What a device receives
 * is one *device document* rendered from every settings document that applies to it; its protocol
 * `version` increases whenever that rendering changes. `renderDeviceDocument` is that rendering,
 * pure and shared by the server (delivery) and the tests.
 */
import { z } from 'zod';
import { MESH_NODE_TYPES, type MeshNodeType } from '../enums/devices';
import type { DeviceModel, ModelKind } from '../models/types';
import { type NetworkSettings, networkSettingsSchema } from './network';
import { defaultSwitchSettings, type SwitchSettings, switchSettingsSchema } from './switching';

/** Where a settings document lives: one per project, or one per device. */
export type ConfigScope = 'project' | 'device';

/** Every kind of settings document, its scope and its name for people. */
export const CONFIG_KINDS = {
  network: { scope: 'project', label: 'Network settings' },
  switching: { scope: 'device', label: 'Switch ports' },
} as const satisfies Record<string, { scope: ConfigScope; label: string }>;
export type ConfigKind = keyof typeof CONFIG_KINDS;
export const CONFIG_KIND_NAMES = Object.keys(CONFIG_KINDS) as ConfigKind[];
export const PROJECT_CONFIG_KINDS = CONFIG_KIND_NAMES.filter((k) => CONFIG_KINDS[k].scope === 'project');
export const DEVICE_CONFIG_KINDS = CONFIG_KIND_NAMES.filter((k) => CONFIG_KINDS[k].scope === 'device');

export function isConfigKind(s: string): s is ConfigKind {
  return Object.hasOwn(CONFIG_KINDS, s);
}

/** The settings schema of each kind. */
export const CONFIG_SETTINGS_SCHEMAS = {
  network: networkSettingsSchema,
  switching: switchSettingsSchema,
} as const satisfies Record<ConfigKind, z.ZodType>;
export interface ConfigSettingsByKind {
  network: NetworkSettings;
  switching: SwitchSettings;
}

/** The VLAN list a switch learns from the project (ids and names only: switches do not route). */
export const switchVlanSchema = z.object({ id: z.int().min(1).max(4094), name: z.string().max(64) });

/**
 * The `document` of a `config` message. Every section is optional: a device gets the sections that
 * apply to its kind. Devices ignore sections they do not know (protocol §12).
 */
export const deviceConfigDocumentSchema = z.looseObject({
  /** Gateways (and the primary mesh node of a project without a gateway): the whole network. */
  network: networkSettingsSchema.optional(),
  /** Switches: port settings plus the project's VLAN list. */
  switching: switchSettingsSchema.extend({ vlans: z.array(switchVlanSchema).max(4094) }).optional(),
});
export type DeviceConfigDocument = z.infer<typeof deviceConfigDocumentSchema>;

const ROUTING_KINDS: readonly ModelKind[] = ['router', 'v7', 'wrouter'];

export interface RenderInput {
  kind: ModelKind | 'unknown';
  model: DeviceModel | null;
  meshRole?: MeshNodeType | null;
  /** Whether the project has a gateway (router, v7, wrouter) other than this device. */
  projectHasGateway: boolean;
  /** The project's saved settings documents (absent = never saved, factory settings apply). */
  project: { network?: NetworkSettings };
  /** This device's saved settings documents. */
  device: { switching?: SwitchSettings };
}

/** Whether a device takes the project's `network` settings (it is the project's router). */
export function takesNetworkSettings(
  input: Pick<RenderInput, 'kind' | 'meshRole' | 'projectHasGateway'>,
): boolean {
  if (ROUTING_KINDS.includes(input.kind as ModelKind)) return true;
  return input.kind === 'mesh' && input.meshRole === MESH_NODE_TYPES.PRIMARY && !input.projectHasGateway;
}

/**
 * The document a device should run, or null when nothing was ever saved that applies to it (it
 * keeps its factory configuration and is not tracked). Secondary mesh nodes are never configured.
 */
export function renderDeviceDocument(input: RenderInput): DeviceConfigDocument | null {
  if (input.kind === 'mesh' && input.meshRole === MESH_NODE_TYPES.SECONDARY) return null;
  const doc: DeviceConfigDocument = {};
  if (input.project.network && takesNetworkSettings(input)) doc.network = input.project.network;
  if (input.kind === 'switch' && input.model && (input.device.switching || input.project.network)) {
    const settings = input.device.switching ?? defaultSwitchSettings(input.model);
    const vlans = (input.project.network?.vlans ?? []).map((v) => ({ id: v.id, name: v.name }));
    doc.switching = { ...settings, vlans };
  }
  return Object.keys(doc).length > 0 ? doc : null;
}

/** JSON with object keys sorted: equal documents give equal strings (hashing, change detection). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
