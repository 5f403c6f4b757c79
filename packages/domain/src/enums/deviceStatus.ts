/**
 * Device status codes and upgrade stages of spec §4, with the one display mapping every screen uses
 * (UI.md: "online green, offline grey, upgrading blue, rebooting orange, failed red").
 */

/** Detailed device status codes (§4, set 0–9) as reported by a device. */
export const DEVICE_STATUS = {
  OFFLINE: 0,
  ONLINE: 1,
  UPGRADE_SUCCESS: 2,
  UPGRADING: 3,
  UPLOADING: 4,
  UPLOAD_SUCCESS: 5,
  UPLOAD_FAILED: 6,
  ONLINE_NOT_SAVED: 7,
  REBOOTING: 8,
  /** A second "offline" code of §4; treated exactly like 0. */
  OFFLINE_ALT: 9,
} as const;
export type DeviceStatusCode = (typeof DEVICE_STATUS)[keyof typeof DEVICE_STATUS];
export const DEVICE_STATUS_CODES = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
] as const satisfies readonly DeviceStatusCode[];
export const DEVICE_STATUS_LABELS: Record<DeviceStatusCode, string> = {
  0: 'Offline',
  1: 'Online',
  2: 'Upgraded successfully',
  3: 'Upgrading',
  4: 'Uploading firmware',
  5: 'Firmware uploaded',
  6: 'Firmware upload failed',
  7: 'Online, configuration not saved',
  8: 'Rebooting',
  9: 'Offline',
};

/** The simpler status set of §4: offline 0, online 1, upgrade 2, reboot 3. */
export const SIMPLE_DEVICE_STATUS = { OFFLINE: 0, ONLINE: 1, UPGRADE: 2, REBOOT: 3 } as const;
export type SimpleDeviceStatus = (typeof SIMPLE_DEVICE_STATUS)[keyof typeof SIMPLE_DEVICE_STATUS];
export const SIMPLE_DEVICE_STATUS_LABELS: Record<SimpleDeviceStatus, string> = {
  0: 'Offline',
  1: 'Online',
  2: 'Upgrading',
  3: 'Rebooting',
};

/** The five statuses the UI shows, each as colour plus word plus icon. */
export const DISPLAY_STATUSES = {
  online: { key: 'online', label: 'Online', colour: 'green' },
  offline: { key: 'offline', label: 'Offline', colour: 'grey' },
  upgrading: { key: 'upgrading', label: 'Upgrading', colour: 'blue' },
  rebooting: { key: 'rebooting', label: 'Rebooting', colour: 'orange' },
  failed: { key: 'failed', label: 'Failed', colour: 'red' },
} as const;
export type DisplayStatusKey = keyof typeof DISPLAY_STATUSES;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[DisplayStatusKey];

// Firmware upload (4, 5) is the first half of an upgrade, and a finished upgrade (2) or unsaved
// configuration (7) still means the device is up: the user sees four meaningful states, not ten.
const DETAILED_TO_DISPLAY: Record<DeviceStatusCode, DisplayStatusKey> = {
  0: 'offline',
  1: 'online',
  2: 'online',
  3: 'upgrading',
  4: 'upgrading',
  5: 'upgrading',
  6: 'failed',
  7: 'online',
  8: 'rebooting',
  9: 'offline',
};
const SIMPLE_TO_DISPLAY: Record<SimpleDeviceStatus, DisplayStatusKey> = {
  0: 'offline',
  1: 'online',
  2: 'upgrading',
  3: 'rebooting',
};

/** Display status of a detailed status code (0–9); a code outside the set shows as offline. */
export function deviceDisplayStatus(code: number): DisplayStatus {
  return DISPLAY_STATUSES[DETAILED_TO_DISPLAY[code as DeviceStatusCode] ?? 'offline'];
}

/** Display status of a simple status code (0–3); a code outside the set shows as offline. */
export function simpleDisplayStatus(code: number): DisplayStatus {
  return DISPLAY_STATUSES[SIMPLE_TO_DISPLAY[code as SimpleDeviceStatus] ?? 'offline'];
}

/** Detailed status codes counted as "online" in every count and filter (online, upgraded, online not saved). */
export const ONLINE_STATUS_CODES = [1, 2, 7] as const;

/** Whether a detailed status code means the device is reachable. */
export function isDeviceOnline(code: number): boolean {
  return (ONLINE_STATUS_CODES as readonly number[]).includes(code);
}

/** Whether a detailed status code means the device is busy rebooting or upgrading. */
export function isDeviceBusy(code: number): boolean {
  const key = DETAILED_TO_DISPLAY[code as DeviceStatusCode];
  return key === 'upgrading' || key === 'rebooting';
}

/** Maintenance operations guarded by §4. */
export const DEVICE_OPERATIONS = ['upgrade', 'reboot', 'reset'] as const;
export type DeviceOperation = (typeof DEVICE_OPERATIONS)[number];

/**
 * Why upgrade, reboot or reset is refused for a device in a given status, or null if it may run.
 * The three share one rule (§4: refused while rebooting or upgrading; reboot and reset need an online
 * device; §8 "only online devices can be upgraded"). Kind rules (NVR no reset/upgrade) are separate.
 */
export function maintenanceBlock(code: number): 'busy' | 'offline' | null {
  if (isDeviceBusy(code)) return 'busy';
  if (!isDeviceOnline(code)) return 'offline';
  return null;
}

/** Firmware upgrade stages of §4, in order; the last two are failures. */
export const UPGRADE_STAGES = [
  'waiting',
  'downloading',
  'upgrading',
  'restarting',
  'success',
  'upgrade_failed',
  'download_failed',
] as const;
export type UpgradeStage = (typeof UPGRADE_STAGES)[number];
export const UPGRADE_STAGE_LABELS: Record<UpgradeStage, string> = {
  waiting: 'Waiting',
  downloading: 'Downloading software',
  upgrading: 'Upgrading software',
  restarting: 'Restarting device',
  success: 'Upgraded successfully',
  upgrade_failed: 'Failed to upgrade',
  download_failed: 'Failed to download',
};
/** Stages after which nothing more happens. */
export const UPGRADE_FINAL_STAGES = [
  'success',
  'upgrade_failed',
  'download_failed',
] as const satisfies readonly UpgradeStage[];
/** Whether an upgrade stage is final (success or a failure). */
export function isUpgradeFinal(stage: UpgradeStage): boolean {
  return (UPGRADE_FINAL_STAGES as readonly UpgradeStage[]).includes(stage);
}
/** Display status of an upgrade stage: running stages are "upgrading", failures "failed". */
export function upgradeStageDisplayStatus(stage: UpgradeStage): DisplayStatus {
  if (stage === 'success') return DISPLAY_STATUSES.online;
  if (stage === 'upgrade_failed' || stage === 'download_failed') return DISPLAY_STATUSES.failed;
  if (stage === 'restarting') return DISPLAY_STATUSES.rebooting;
  return DISPLAY_STATUSES.upgrading;
}
