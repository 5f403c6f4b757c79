/**
 * The general messages of §8 that have no numeric code: shown by the console for conditions it
 * detects itself (a guard before a call, a device state, the browser). Never sent by the API.
 */
export const GENERAL_MESSAGES = {
  LOCAL_MODE_UNSUPPORTED: 'Local management mode does not support this operation.',
  DEMO_BLOCKED: 'This operation is unavailable in demo projects.',
  IMAGE_TOO_LARGE: 'Upload failed: the image is larger than 10 MB.',
  RESTART_FAILED: 'Failed to restart the device. Please try again.',
  DELETE_FAILED: 'Failed to delete. Please try again.',
  FORMAT_FAILED: 'Formatting failed. Please try again.',
  PORT_INFO_FAILED: 'Failed to request the physical port information of the device.',
  EEE_PORTS_IN_USE: 'Energy-Efficient Ethernet (EEE) cannot be enabled on ports that are in use.',
  VERSION_TOO_LOW: 'The firmware version of this device is too low to configure this. Upgrade it first.',
  UPGRADE_ONLINE_ONLY: 'Only online devices can be upgraded.',
  RF_TOO_FEW_ONLINE: 'Fewer than 2 devices are online, so RF optimisation cannot run.',
  WIFI_SEARCH_NO_SIGNAL: 'The Wi-Fi search found no signal. Check the source device and retry.',
  UPLINK_WIFI_INCONSISTENT:
    'The uplink Wi-Fi information is inconsistent. Search again and reselect the uplink.',
  SCAN_LOGIN_EXPIRED: 'The login code has expired or the network failed. Refresh the code and scan again.',
  BROWSER_TOO_OLD: 'Your browser is too old. Use Chrome, or update to the latest Microsoft Edge.',
  ACCOUNT_NOT_EXIST: 'This account does not exist.',
  MOBILE_NOT_REGISTERED: 'This mobile number is not registered.',
  NO_PERMISSION: 'You do not have permission for this operation.',
  SECONDARY_MESH_NODE: 'Secondary mesh nodes cannot be configured.',
  DEVICE_OFFLINE_NOT_CONFIGURABLE: 'Offline devices cannot be configured.',
  READ_ONLY_NOT_CONFIGURABLE: 'You have read-only access to this project, so it cannot be configured.',
} as const;
export type GeneralMessageName = keyof typeof GENERAL_MESSAGES;

/** Button text of the "unavailable in demo projects" modal (§6). */
export const DEMO_BLOCKED_ACKNOWLEDGE = 'Got it';
