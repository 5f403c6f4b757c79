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
import { CIPHERS, SECURITY_MODE_TO_CODE, SECURITY_MODES, WIFI_BANDS } from '../enums/wifi';
import type { DeviceModel, ModelKind } from '../models/types';
import { parseShutdownSchedule } from '../validation/wifiSchedule';
import { type NetworkSettings, networkSettingsSchema } from './network';
import { defaultSwitchSettings, type SwitchSettings, switchSettingsSchema } from './switching';
import {
  type BridgeSettings,
  bridgeSettingsSchema,
  type DeviceRadioSettings,
  deviceRadioSettingsSchema,
  type RfSettings,
  rfSettingsSchema,
  type WirelessSettings,
  wirelessSettingsSchema,
} from './wireless';

/** Where a settings document lives: one per project, or one per device. */
export type ConfigScope = 'project' | 'device';

/** Every kind of settings document, its scope and its name for people. */
export const CONFIG_KINDS = {
  network: { scope: 'project', label: 'Network settings' },
  switching: { scope: 'device', label: 'Switch ports' },
  wireless: { scope: 'project', label: 'Wireless policies' },
  rf: { scope: 'project', label: 'RF optimisation and roaming' },
  radio: { scope: 'device', label: 'Radios' },
  bridge: { scope: 'device', label: 'Bridge' },
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
  wireless: wirelessSettingsSchema,
  rf: rfSettingsSchema,
  radio: deviceRadioSettingsSchema,
  bridge: bridgeSettingsSchema,
} as const satisfies Record<ConfigKind, z.ZodType>;
export interface ConfigSettingsByKind {
  network: NetworkSettings;
  switching: SwitchSettings;
  wireless: WirelessSettings;
  rf: RfSettings;
  radio: DeviceRadioSettings;
  bridge: BridgeSettings;
}

/** One SSID a radio broadcasts: a policy rendered for one band (names resolved, schedule parsed). */
export const deviceSsidSchema = z.object({
  /** The policy's key (stable across renames). */
  key: z.string().max(16),
  band: z.enum(WIFI_BANDS),
  ssid: z.string().max(64),
  security: z.enum(SECURITY_MODES),
  /** §3's numeric code of `security` (0–8); it always agrees with the name. */
  securityCode: z.int().min(0).max(8),
  cipher: z.enum(CIPHERS).nullable(),
  password: z.string().max(64),
  keyUpdateInterval: z.int().min(0).max(99999),
  hidden: z.boolean(),
  maxClients: z.int().min(1).max(128),
  /** Shutdown periods (days 0 = Monday, minutes after midnight, end exclusive). */
  schedule: z.array(
    z.object({
      days: z.array(z.int().min(0).max(6)).max(7),
      start: z.int().min(0).max(1440),
      end: z.int().min(0).max(1440),
    }),
  ),
  /**
   * The days (`YYYY-MM-DD`, inclusive, local time) the shutdown periods apply on; absent = every
   * day. A side that is null is open.
   */
  scheduleDates: z.object({ from: z.string().nullable(), until: z.string().nullable() }).optional(),
  vlanId: z.int().min(1).max(4094).nullable(),
  guest: z.boolean(),
  /** Per-client limits in kbit/s; null = unlimited. */
  rateLimit: z.object({ downKbps: z.int().nullable(), upKbps: z.int().nullable() }).nullable(),
  radius: z.object({ ip: z.string().max(15), port: z.int(), secret: z.string().max(64) }).nullable(),
});
export type DeviceSsid = z.infer<typeof deviceSsidSchema>;

/** The roaming section: association floor and roaming nudges (RF settings of the project). */
export const deviceRoamingSchema = z.object({
  accessThreshold: z.int().min(-100).max(0),
  enabled: z.boolean(),
  signalThreshold24: z.int().min(-100).max(0),
  signalThreshold5: z.int().min(-100).max(0),
  roamThreshold: z.int().min(0).max(60),
});

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
  /** APs, wireless routers, mesh units: the SSIDs to broadcast, per band. */
  wireless: z.object({ ssids: z.array(deviceSsidSchema).max(64) }).optional(),
  /** Radio channel, width and power (0 = automatic), as RF optimisation or the user set them. */
  radio: deviceRadioSettingsSchema.optional(),
  /** Association floor and roaming thresholds. */
  roaming: deviceRoamingSchema.optional(),
  /** CPE bridges: bridge name, management Wi-Fi, uplink network (client mode). */
  bridge: bridgeSettingsSchema.optional(),
});
export type DeviceConfigDocument = z.infer<typeof deviceConfigDocumentSchema>;

const ROUTING_KINDS: readonly ModelKind[] = ['router', 'v7', 'wrouter'];

export interface RenderInput {
  /** The device's id (wireless policies for specified devices list ids). */
  deviceId?: number;
  kind: ModelKind | 'unknown';
  model: DeviceModel | null;
  meshRole?: MeshNodeType | null;
  /** Whether the project has a gateway (router, v7, wrouter) other than this device. */
  projectHasGateway: boolean;
  /** The project's saved settings documents (absent = never saved, factory settings apply). */
  project: { network?: NetworkSettings; wireless?: WirelessSettings; rf?: RfSettings };
  /** This device's saved settings documents. */
  device: { switching?: SwitchSettings; radio?: DeviceRadioSettings; bridge?: BridgeSettings };
}

/** Kinds that broadcast Wi-Fi policies (the CPE bridge's Wi-Fi is its own bridge link). */
export const WIFI_POLICY_KINDS: readonly ModelKind[] = ['ap', 'wrouter', 'mesh'];

/** The SSIDs a device broadcasts: enabled policies for all devices or naming it, per band it has. */
export function renderSsids(
  wireless: WirelessSettings,
  deviceId: number | undefined,
  bands: readonly string[],
): DeviceSsid[] {
  const out: DeviceSsid[] = [];
  for (const p of wireless.policies) {
    if (!p.enabled) continue;
    if (p.scope === 'devices' && (deviceId === undefined || !p.deviceIds.includes(deviceId))) continue;
    const schedule = parseShutdownSchedule(p.schedule);
    const dates =
      p.scheduleFrom || p.scheduleUntil
        ? { from: p.scheduleFrom || null, until: p.scheduleUntil || null }
        : null;
    for (const band of p.bands) {
      if (!bands.includes(band)) continue;
      const rate = p.rateLimit.enabled
        ? { downKbps: p.rateLimit.downKbps, upKbps: p.rateLimit.upKbps }
        : null;
      out.push({
        key: p.key,
        band,
        ssid: band === '5G' && p.ssid5 !== '' ? p.ssid5 : p.ssid,
        security: p.security,
        securityCode: SECURITY_MODE_TO_CODE[p.security],
        cipher: p.security === 'none' ? null : p.cipher,
        password: p.password,
        keyUpdateInterval: p.keyUpdateInterval,
        hidden: p.hidden,
        maxClients: p.maxClients[band],
        schedule: schedule.ok ? schedule.periods : [],
        ...(dates ? { scheduleDates: dates } : {}),
        vlanId: p.vlanId,
        guest: p.guest,
        rateLimit: rate,
        radius: p.security === 'WPA' || p.security === 'WPA2' ? p.radius : null,
      });
    }
  }
  return out;
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
  if (WIFI_POLICY_KINDS.includes(input.kind as ModelKind) && input.model && input.model.radios.length > 0) {
    const bands = input.model.radios.map((r) => r.band);
    if (input.project.wireless)
      doc.wireless = { ssids: renderSsids(input.project.wireless, input.deviceId, bands) };
    if (input.device.radio) doc.radio = input.device.radio;
    if (input.project.rf) {
      const { accessThreshold, roaming } = input.project.rf;
      doc.roaming = { accessThreshold, ...roaming };
    }
  }
  if (input.kind === 'cpe' && input.device.bridge) doc.bridge = input.device.bridge;
  if (input.kind === 'cpe' && input.device.radio) doc.radio = input.device.radio;
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
