/**
 * Device enumerations of spec §3: topology node types, device kinds, management modes and mesh node
 * types. Status codes and upgrade stages live in `deviceStatus.ts`.
 */

/**
 * Every node type of §3 ("Device types"), spelled as on the wire. Topology and the device list use
 * these; `unknown_net`/`unknown_dev` are placeholders for nodes the cloud sees but does not manage.
 */
export const DEVICE_TYPES = [
  'internet',
  'unknown_net',
  'unknown_dev',
  'router',
  'v7',
  'wrouter',
  'switch',
  'mesh',
  'ap',
  'nvr',
  'cpe',
  'ipc',
  'expand_ipc',
  'expand_ipc_wireless',
  'expand_ap',
  'expand_cpe',
  'wired_ap',
  'wired_ap_has_child',
  'wireless_ap',
] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** English labels for every device type (topology legend, filters). */
export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = {
  internet: 'Internet',
  unknown_net: 'Unknown network',
  unknown_dev: 'Unknown device',
  router: 'Router',
  v7: 'Gateway',
  wrouter: 'Wireless router',
  switch: 'Switch',
  mesh: 'Mesh router',
  ap: 'Access point',
  nvr: 'NVR',
  cpe: 'CPE bridge',
  ipc: 'IP camera',
  expand_ipc: 'Downlink IP camera',
  expand_ipc_wireless: 'Downlink wireless IP camera',
  expand_ap: 'Downlink access point',
  expand_cpe: 'Downlink CPE bridge',
  wired_ap: 'Wired access point',
  wired_ap_has_child: 'Wired access point with downlinks',
  wireless_ap: 'Wireless access point',
};

/** The plural of a device type's label ("Switches", "NVRs", "Access points"): tabs, empty states. */
export function deviceTypePlural(type: DeviceType): string {
  const label = DEVICE_TYPE_LABELS[type];
  if (type === 'nvr') return 'NVRs';
  if (/(s|x|z|ch|sh)$/.test(label)) return `${label}es`;
  return `${label}s`;
}

/**
 * The `type` field of a managed device (§3 "Device: type"), a subset of {@link DEVICE_TYPES}.
 * `v7` is the gateway kind.
 */
export const DEVICE_KINDS = ['router', 'ap', 'switch', 'mesh', 'v7', 'wrouter', 'nvr', 'cpe'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Whether a topology node type is one of the managed device kinds. */
export function isDeviceKind(type: string): type is DeviceKind {
  return (DEVICE_KINDS as readonly string[]).includes(type);
}

/** §6: switch, NVR and CPE have no automatic maintenance (scheduled reboot). */
export const KINDS_WITHOUT_AUTO_MAINTENANCE = [
  'switch',
  'nvr',
  'cpe',
] as const satisfies readonly DeviceKind[];
/** §6: an NVR can be neither reset nor upgraded. */
export const KINDS_WITHOUT_RESET_OR_UPGRADE = ['nvr'] as const satisfies readonly DeviceKind[];
/** §6: an AP supports only cyclic reboot among the maintenance schedules. */
export const KINDS_CYCLIC_REBOOT_ONLY = ['ap'] as const satisfies readonly DeviceKind[];

/** Management mode of a device (§3): cloud-managed 1, locally managed 2. */
export const MANAGEMENT_MODES = { CLOUD: 1, LOCAL: 2 } as const;
export type ManagementMode = (typeof MANAGEMENT_MODES)[keyof typeof MANAGEMENT_MODES];
export const MANAGEMENT_MODE_LABELS: Record<ManagementMode, string> = {
  1: 'Cloud management',
  2: 'Local management',
};

/**
 * The second management-mode listing of §3 ("in another listing router=0, wifi extend=1"): the
 * working role of a mesh/router unit, reported separately from {@link MANAGEMENT_MODES}.
 */
export const WORK_MODES = { ROUTER: 0, WIFI_EXTEND: 1 } as const;
export type WorkMode = (typeof WORK_MODES)[keyof typeof WORK_MODES];
export const WORK_MODE_LABELS: Record<WorkMode, string> = {
  0: 'Router',
  1: 'Wi-Fi extender',
};

/** Mesh node type (§3): primary 0, secondary 1. Secondary nodes cannot be configured (§6). */
export const MESH_NODE_TYPES = { PRIMARY: 0, SECONDARY: 1 } as const;
export type MeshNodeType = (typeof MESH_NODE_TYPES)[keyof typeof MESH_NODE_TYPES];
export const MESH_NODE_TYPE_LABELS: Record<MeshNodeType, string> = {
  0: 'Primary node',
  1: 'Secondary node',
};

/** CPE bridge work modes (§2 "workmode switch between AP and client mode"). */
export const CPE_WORK_MODES = ['ap', 'client'] as const;
export type CpeWorkMode = (typeof CPE_WORK_MODES)[number];
export const CPE_WORK_MODE_LABELS: Record<CpeWorkMode, string> = {
  ap: 'AP mode',
  client: 'Client mode',
};

/** Bridge status messages of §4 shown on CPE details when no bridge peer is up. */
export const BRIDGE_STATUSES = ['no_bridge', 'device_offline'] as const;
export type BridgeStatus = (typeof BRIDGE_STATUSES)[number];
export const BRIDGE_STATUS_LABELS: Record<BridgeStatus, string> = {
  no_bridge: 'No bridge detected',
  device_offline: 'Device offline',
};
