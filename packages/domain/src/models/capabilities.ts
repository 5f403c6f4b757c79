/**
 * Capabilities a device model has and reports in its `hello` message. The cloud offers a function
 * (a command button, a settings page) only when the device reports the capability, so firmware that
 * lacks a feature simply leaves it out. Names are camelCase on the wire; unknown names are ignored
 * by the cloud, so firmware may report capabilities this list does not know yet.
 */

/** Commands the device executes (the protocol's command names; see docs/protocol.md). */
export const COMMAND_CAPABILITIES = [
  'reboot',
  'reset',
  'upgrade',
  'kickClient',
  'scan',
  'backup',
  'restore',
  'remoteWeb',
  'poeReboot',
  /** Reads the device's routing table (routers and gateways). */
  'routeTable',
  /** Blinks the device's LED for some minutes so it can be found on site (issue 13 §1). */
  'locate',
  /** CPE bridge switchable between AP and client mode (the `cpeMode` command; the CPE settings page). */
  'cpeMode',
  /** Formats one of its hard disks (NVR, issue 13 §4). */
  'formatDisk',
  /** Switches between cloud (1) and local (2) management (the `setManagementMode` command, issue 15). */
  'setManagementMode',
] as const;

/** Features the device has. */
export const FEATURE_CAPABILITIES = [
  /** Serves Wi-Fi (has radios). */
  'wifi',
  /** Takes part in a cable-free (mesh) network. */
  'mesh',
  /** Powers devices on some ports. */
  'poe',
  /** Holds VLANs. */
  'vlan',
  /** Runs DHCP server pools. */
  'dhcpServer',
  'staticRoutes',
  'portMappings',
  /** More than one WAN port (multi-dial, load balancing). */
  'multiWan',
  /** Takes part in RF optimisation (channel/power planning). */
  'rfOptimization',
  /** Honours scheduled (automatic) reboots; §6: switch, NVR and CPE do not. */
  'scheduledReboot',
  /** Records to hard disks (NVR); the `formatDisk` command formats one. */
  'disks',
  /** Records camera channels (NVR). */
  'cameras',
] as const;

export const DEVICE_CAPABILITIES = [...COMMAND_CAPABILITIES, ...FEATURE_CAPABILITIES] as const;
export type DeviceCapability = (typeof DEVICE_CAPABILITIES)[number];

/** Whether a string is a capability this version of the catalogue knows. */
export function isDeviceCapability(name: string): name is DeviceCapability {
  return (DEVICE_CAPABILITIES as readonly string[]).includes(name);
}
