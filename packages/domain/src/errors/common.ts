import { GENERAL_MESSAGES } from './general';

/**
 * Error codes of §8 that are not about one area: request handling, generic outcomes. Assembled into
 * `ERR` by `catalogue.ts`.
 */
export const COMMON_ERRORS = {
  /** §8 "-99 configuration failed". */
  CONFIG_FAILED: { code: -99, message: 'The configuration could not be applied to the device.' },
  SUCCESS: { code: 0, message: 'Success.' },
  INVALID_PARAMETERS: { code: 400, message: 'Invalid parameters.' },
  /** Netloom addition (not in the spec's table): signed in, but the right or role forbids it. */
  NO_PERMISSION: { code: 403, message: 'You do not have permission for this operation.' },
  /**
   * Netloom addition: the §8 general message "demo-project functions blocked" as a code, so the
   * server can refuse any change in a demo project and the console shows its "Got it" modal.
   */
  DEMO_BLOCKED: { code: 405, message: GENERAL_MESSAGES.DEMO_BLOCKED },
  NETWORK_ERROR: { code: 404, message: 'Network error. Please check your connection and try again.' },
  DATA_EXISTS: { code: 411, message: 'The data already exists.' },
  NOT_EXIST: { code: 412, message: 'The requested item does not exist.' },
  CONFIG_CONFLICT: { code: 414, message: 'The configuration conflicts with an existing configuration.' },
  /** Netloom addition: the §8 general message "version too low to configure" as a code. */
  VERSION_TOO_LOW: { code: 415, message: GENERAL_MESSAGES.VERSION_TOO_LOW },
  /** Netloom addition: the §8 general message "EEE cannot be enabled on ports in use" as a code. */
  EEE_PORT_IN_USE: { code: 416, message: GENERAL_MESSAGES.EEE_PORTS_IN_USE },
  /** Netloom addition: the §8 general message "Wi-Fi search: no signal" as a code (CPE search). */
  WIFI_SEARCH_NO_SIGNAL: { code: 417, message: GENERAL_MESSAGES.WIFI_SEARCH_NO_SIGNAL },
  /** Netloom addition: the §8 general message "uplink Wi-Fi information inconsistent" as a code. */
  UPLINK_WIFI_INCONSISTENT: { code: 418, message: GENERAL_MESSAGES.UPLINK_WIFI_INCONSISTENT },
  SERVER_ERROR: { code: 2000, message: 'Server error. Please try again later.' },
  SAVE_FAILED: { code: 2001, message: 'Save failed. Please try again.' },
  REPEATED_CLICK: { code: 2010, message: 'Please do not click repeatedly.' },
} as const;
