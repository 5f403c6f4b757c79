/**
 * Shapes of the device model catalogue: the hardware facts the server and the simulator share (port
 * layout, radios, PoE budget, rule counts, firmware list). A model is what a device names in its
 * `hello` message (`model` field); everything the console needs to know about the hardware comes
 * from here, never from a per-screen copy.
 */
import type { DeviceKind, DeviceType, MeshNodeType } from '../enums/devices';
import type { DeviceCapability } from './capabilities';

/**
 * Radio bands a device can have. A superset of the wireless-policy bands (`WIFI_BANDS`, 2.4G/5G):
 * tri-band hardware also has 6 GHz, which a policy cannot target yet.
 */
export const RADIO_BANDS = ['2.4G', '5G', '6G'] as const;
export type RadioBand = (typeof RADIO_BANDS)[number];

/** Wi-Fi generations by IEEE amendment: n = Wi-Fi 4, ac = Wi-Fi 5, ax = Wi-Fi 6/6E, be = Wi-Fi 7. */
export const WIFI_STANDARDS = ['n', 'ac', 'ax', 'be'] as const;
export type WifiStandard = (typeof WIFI_STANDARDS)[number];

/**
 * What the catalogue covers: the managed device kinds of §3 plus `ipc` (IP cameras, which the spec
 * lists as topology nodes; a camera may connect to the cloud itself or appear under an NVR).
 */
export const MODEL_KINDS = [
  'router',
  'v7',
  'wrouter',
  'mesh',
  'ap',
  'switch',
  'cpe',
  'nvr',
  'ipc',
] as const satisfies readonly (DeviceKind | 'ipc')[];
export type ModelKind = (typeof MODEL_KINDS)[number];

/** Physical form of the unit; drives the picture and the simulator's client population. */
export const FORM_FACTORS = [
  'desktop',
  'rack',
  'ceiling',
  'wall_plate',
  'outdoor',
  'bullet',
  'dome',
  'cube',
] as const;
export type FormFactor = (typeof FORM_FACTORS)[number];

/** What a port is for: WAN (internet uplink), LAN, or either (configurable in the network settings). */
export const PORT_ROLES = ['wan', 'lan', 'wan_lan'] as const;
export type PortRole = (typeof PORT_ROLES)[number];

/** Connector of a port: RJ45 copper or an SFP / SFP+ cage for fibre or DAC modules. */
export const PORT_MEDIA = ['copper', 'sfp', 'sfp_plus'] as const;
export type PortMedia = (typeof PORT_MEDIA)[number];

/** PoE of a port: none, powered by it (PD, `in`), or powering a device on it (PSE, `out`). */
export const POE_MODES = ['none', 'in', 'out'] as const;
export type PoeMode = (typeof POE_MODES)[number];

/** One physical port. Ids are 1-based and stable; the protocol reports ports by these ids. */
export interface PortSpec {
  /** 1-based port number, unique within the model. */
  id: number;
  /** Label printed on the case, e.g. "WAN", "LAN2", "8", "SFP1". */
  label: string;
  role: PortRole;
  media: PortMedia;
  /** Highest link speed in Mbit/s (100, 1000, 2500, 10000). */
  maxSpeedMbps: number;
  poe: PoeMode;
  /** For `poe: 'out'`: the most one port can deliver (802.3af 15.4 W, at 30 W, bt 60/90 W); else 0. */
  poeMaxWatts: number;
}

/** One radio. Transmit power is within the §5 range 8–29 dBm. */
export interface RadioSpec {
  band: RadioBand;
  standard: WifiStandard;
  /** Spatial streams (MIMO chains), 1–8. */
  streams: number;
  /** Highest transmit power the radio may be set to, in dBm. */
  maxTxPowerDbm: number;
}

/** Inclusive VLAN id range a model accepts (§3 server-supplied `deviceVlans`, default 10–4094). */
export interface VlanRange {
  min: number;
  max: number;
}

/** How many rules of each kind a model holds (§9: "counts come from the server"); 0 = not supported. */
export interface RuleCounts {
  vlans: number;
  dhcpPools: number;
  staticRoutes: number;
  portMappings: number;
}

/** NVR recording hardware. */
export interface RecorderSpec {
  /** Camera channels. */
  channels: number;
  /** Hard-disk bays. */
  diskBays: number;
  /** Largest supported disk in TB. */
  maxDiskTb: number;
}

/** IP camera optics. */
export interface CameraSpec {
  /** Sensor resolution in megapixels. */
  megapixels: number;
  /** Infrared night-vision range in metres (0 = none). */
  irRangeM: number;
}

/** One catalogue entry. */
export interface DeviceModel {
  /** The model id a device reports in `hello` (e.g. "NL-G300"); unique, letters/digits/dashes. */
  model: string;
  /** Display name, e.g. "NL-G300 Gateway". */
  name: string;
  kind: ModelKind;
  /** The topology node type a unit of this model normally shows as (§3 device types). */
  topologyType: DeviceType;
  form: FormFactor;
  /** Hardware revision, e.g. "V1.0". */
  hardwareVersion: string;
  /** Released firmware, oldest first: the last entry is the newest. */
  firmwareVersions: readonly string[];
  /**
   * The release date (`YYYY-MM-DD`) of the newest firmware, the last of `firmwareVersions`: the
   * supported-models page shows it when no newer firmware file was uploaded (issue 15 §2).
   */
  firmwareReleasedOn: string;
  ports: readonly PortSpec[];
  radios: readonly RadioSpec[];
  /** Total PoE power the unit can deliver in W (§9 "PoE shows total, used and remaining"); 0 = none. */
  poeBudgetWatts: number;
  vlans: VlanRange;
  rules: RuleCounts;
  /** Clients the unit reports at most (its client table size); 0 = reports no clients. */
  maxClients: number;
  /** Mesh roles the unit can take (primary 0, secondary 1); empty when not a mesh unit. */
  meshRoles: readonly MeshNodeType[];
  /** What the unit can do; reported in `hello` and checked before a command is sent. */
  capabilities: readonly DeviceCapability[];
  recorder?: RecorderSpec;
  camera?: CameraSpec;
  /** Key of the device picture (§3 server-supplied `deviceUrls` … `vector_img`). */
  vectorImg: string;
}
