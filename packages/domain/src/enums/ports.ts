/** Switch/router port enumerations of spec §3–§4: port type, duplex, PoE reboot and port devices. */

/** Port type (§3): access 0, trunk 1. */
export const PORT_TYPES = { ACCESS: 0, TRUNK: 1 } as const;
export type PortType = (typeof PORT_TYPES)[keyof typeof PORT_TYPES];
export const PORT_TYPE_LABELS: Record<PortType, string> = { 0: 'Access', 1: 'Trunk' };

/** Port rate/duplex setting (§3): auto-negotiation, half or full duplex. */
export const DUPLEX_MODES = ['auto', 'half', 'full'] as const;
export type DuplexMode = (typeof DUPLEX_MODES)[number];
export const DUPLEX_MODE_LABELS: Record<DuplexMode, string> = {
  auto: 'Auto',
  half: 'Half duplex',
  full: 'Full duplex',
};

/** PoE port reboot stages (§4), in order. A PoE reboot takes about 2 minutes (§9). */
export const POE_REBOOT_STAGES = ['reboot', 'rebooting', 'rebooted'] as const;
export type PoeRebootStage = (typeof POE_REBOOT_STAGES)[number];
export const POE_REBOOT_STAGE_LABELS: Record<PoeRebootStage, string> = {
  reboot: 'Reboot',
  rebooting: 'Rebooting',
  rebooted: 'Rebooted',
};

/**
 * The kind of device plugged into a port, set by the user as a port remark (§3 "Client port-device
 * types"). The spec gives names only; the wire keys are ours.
 */
export const PORT_DEVICE_TYPES = [
  'none',
  'ap',
  'camera',
  'switch',
  'router',
  'cpe',
  'nvr',
  'server',
  'pc',
  'printer',
  'ip_phone',
  'first_line_port',
] as const;
export type PortDeviceType = (typeof PORT_DEVICE_TYPES)[number];
export const PORT_DEVICE_TYPE_LABELS: Record<PortDeviceType, string> = {
  none: 'None',
  ap: 'AP',
  camera: 'Camera',
  switch: 'Switch',
  router: 'Router',
  cpe: 'CPE',
  nvr: 'NVR',
  server: 'Server',
  pc: 'PC',
  printer: 'Printer',
  ip_phone: 'IP phone',
  first_line_port: 'First-line port',
};
