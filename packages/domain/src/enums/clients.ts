/** Client-related enumerations of spec §3–§4 and §7. */

/**
 * Client status of §4: the state a device shows to the client list and topology, including the
 * transient maintenance states.
 */
export const CLIENT_STATUSES = [
  'online',
  'offline',
  'partial_offline',
  'upgrading',
  'restarting',
  'resetting',
] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  online: 'Online',
  offline: 'Offline',
  partial_offline: 'Partially offline',
  upgrading: 'Upgrading',
  restarting: 'Restarting',
  resetting: 'Resetting',
};

/** Where a client of the API comes from (§7 "Client origins: web and openapi"). */
export const CLIENT_ORIGINS = ['web', 'openapi'] as const;
export type ClientOrigin = (typeof CLIENT_ORIGINS)[number];

/** Channel a device message travelled through (§7): MQTT 1, TCP 0. */
export const MESSAGE_CHANNELS = { TCP: 0, MQTT: 1 } as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[keyof typeof MESSAGE_CHANNELS];
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { 0: 'TCP', 1: 'MQTT' };

/** Scan-to-login states of §2/§4. */
export const SCAN_LOGIN_STATES = ['waiting', 'scanned', 'logging_in', 'expired', 'network_error'] as const;
export type ScanLoginState = (typeof SCAN_LOGIN_STATES)[number];
export const SCAN_LOGIN_STATE_LABELS: Record<ScanLoginState, string> = {
  waiting: 'Scan the code with the mobile app',
  scanned: 'Scanned. Confirm on your phone.',
  logging_in: 'Signing in…',
  expired: 'The code has expired. Refresh it.',
  network_error: 'Network error. Refresh the code.',
};
