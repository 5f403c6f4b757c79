/**
 * Error codes of §8 about wireless policies, SSIDs, client limits and RF optimisation. Assembled into
 * `ERR` by `catalogue.ts`.
 */
export const WIRELESS_ERRORS = {
  POLICY_NAME_EXISTS: { code: 24, message: 'A wireless policy with this name already exists.' },
  POLICY_IN_USE: { code: 26, message: 'The wireless policy is in use by devices and cannot be deleted.' },
  RF_AUTO_OPTIMIZATION_RUNNING: {
    code: 27,
    message: 'Automatic RF optimisation is running. Wait until it ends before changing settings.',
  },
  POLICY_LIMIT: { code: 40, message: 'At most 32 wireless policies can be created.' },
  POLICY_NAME_RESERVED: {
    code: 72,
    message: 'The names app_default_0 to app_default_3 are reserved. Choose another policy name.',
  },
  SSID_EXISTS: { code: 89, message: 'This SSID already exists in the project.' },
  MAX_CLIENTS_PER_BAND: { code: 91, message: 'A band can serve at most 128 clients.' },
  SSID_SAME_ON_BOTH_BANDS: { code: 92, message: 'The 2.4 GHz and 5 GHz network names must differ.' },
  SSID_USED_BY_POLICY: { code: 135, message: 'This SSID is already used by another wireless policy.' },
  BLACKLIST_LIMIT: { code: 156, message: 'The blacklist can hold at most 100 entries.' },
  SSID_EXISTS_ON_DEVICE: { code: 408, message: 'This SSID is already configured on the device.' },
  ALL_DEVICE_NETWORK_LIMIT: { code: 2003, message: 'At most 7 Wi-Fi networks can apply to all devices.' },
  MAX_CLIENTS_PER_BAND_ALT: { code: 2004, message: 'The maximum number of clients per band is 128.' },
  SPECIFIED_DEVICE_NETWORK_LIMIT: {
    code: 2005,
    message: 'At most 30 Wi-Fi networks can apply to specified devices.',
  },
  GUEST_NETWORK_LIMIT: { code: 2006, message: 'Only one guest Wi-Fi network is allowed.' },
  DEVICE_NETWORK_LIMIT: {
    code: 2007,
    message: 'The device already broadcasts the maximum number of Wi-Fi networks.',
  },
  /**
   * Netloom addition (the spec predates 6 GHz): a policy on 6 GHz with a mode other than WPA3-SAE —
   * Wi-Fi 6E clients refuse anything weaker there (docs/decisions.md).
   */
  SIX_GHZ_NEEDS_WPA3: {
    code: 420,
    message: 'A Wi-Fi network on 6 GHz must use WPA3-SAE security (Wi-Fi 6E).',
  },
  SSID_DUPLICATE_IN_REQUEST: { code: 2008, message: 'The same SSID appears more than once in the request.' },
  RF_OPTIMIZATION_FAILED: {
    code: 2103,
    message: 'RF optimisation failed on one or more devices. Check that they are online and retry.',
  },
  RF_TOO_FEW_ONLINE_DEVICES: {
    code: 2104,
    message: 'RF optimisation needs at least 2 online devices.',
  },
  RF_OPTIMIZATION_TIMEOUT: {
    code: 2105,
    message: 'RF optimisation timed out before every device reported its result.',
  },
} as const;
