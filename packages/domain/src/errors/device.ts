/**
 * Error codes of §8 about devices: adding and mixing devices, status, backups, remote management
 * (320–326), miscellaneous device and copy-config errors (901–917) and disk formatting (3000–3002; 498 Netloom's).
 * Assembled into `ERR` by `catalogue.ts`.
 */
export const DEVICE_ERRORS = {
  CONFIG_FILE_DELETED: { code: 31, message: 'The configuration file has been deleted.' },
  CONFIG_IS_RESTORE_POINT: {
    code: 33,
    message: 'This backup is the device restore point. Switch it to a general backup first.',
  },
  DEVICE_OFFLINE: { code: 36, message: 'The device is offline.' },
  GATEWAY_LIMIT: { code: 67, message: 'A project can contain only one gateway.' },
  DEVICE_UPGRADING: {
    code: 71,
    message: 'The device is upgrading. Try again when the upgrade has finished.',
  },
  LOCAL_MODE_UNSUPPORTED: {
    code: 76,
    message: 'Devices in local management mode do not support this operation.',
  },
  MESH_DEVICE_IN_WLAN_PROJECT: {
    code: 87,
    message: 'Cable-free (mesh) devices cannot be added to a traditional WLAN project.',
  },
  WLAN_DEVICE_IN_MESH_PROJECT: {
    code: 88,
    message: 'Traditional WLAN devices cannot be added to a cable-free (mesh) project.',
  },
  MIXED_NETWORK_MODES: {
    code: 93,
    message: 'Cable-free and traditional devices cannot be mixed in one project.',
  },
  DEVICE_OFFLINE_ALT: { code: 94, message: 'The device is offline. Check its power and uplink.' },
  LOCAL_MODE_UNSUPPORTED_ALT: {
    code: 133,
    message: 'This device is managed locally. Switch it to cloud management to use this function.',
  },
  NET_MODE_LOCKED_BY_DEVICES: {
    code: 153,
    message: 'The network mode cannot be changed while the project contains devices.',
  },
  MIXED_MODES_IN_BATCH: {
    code: 154,
    message: 'The selected devices mix cable-free and traditional models. Add them to separate projects.',
  },
  DHCP_SNOOPING_REQUIRED: { code: 164, message: 'Enable DHCP snooping first.' },
  DEVICE_IN_OTHER_PROJECT: { code: 166, message: 'The device is already bound to another project.' },
  ADD_DEVICE_FAILED: {
    code: 167,
    message: 'The device could not be added. Check its serial number and that it is connected to the cloud.',
  },
  BACKUP_INTERVAL: { code: 187, message: 'Back up the same device at most once every 3 minutes.' },
  DEVICE_LIMIT: { code: 254, message: 'The project has reached its device limit.' },
  EXCEL_TEMPLATE_INCORRECT: {
    code: 258,
    message: 'The Excel file does not match the import template. Download the template and try again.',
  },
  REMOTE_MGMT_FAILED: { code: 320, message: 'Remote management could not be started on the device.' },
  REMOTE_MGMT_TIMEOUT: {
    code: 321,
    message: 'The device did not answer the remote management request in time.',
  },
  REMOTE_MGMT_DEVICE_OFFLINE: {
    code: 322,
    message: 'Remote management is unavailable because the device is offline.',
  },
  REMOTE_MGMT_BUSY: { code: 323, message: 'A remote management session is already open on this device.' },
  REMOTE_MGMT_TUNNEL_FAILED: {
    code: 324,
    message: 'The remote management tunnel to the device could not be established.',
  },
  REMOTE_MGMT_SESSION_EXPIRED: {
    code: 325,
    message: 'The remote management session has expired. Open it again.',
  },
  REMOTE_MGMT_UNSUPPORTED: { code: 326, message: 'This device model does not support remote management.' },
  /** Netloom addition: the per-account cap of open remote sessions (`REMOTE_SESSIONS_PER_ACCOUNT`). */
  REMOTE_MGMT_TOO_MANY: {
    code: 495,
    message: 'You have too many remote management sessions open. Close one and try again.',
  },
  /**
   * Netloom addition: a remote-management link that is not this signed-in user's (another account,
   * another browser, a guessed or ended session): never says which.
   */
  REMOTE_MGMT_SESSION_INVALID: {
    code: 496,
    message: 'This remote management link is not valid for you. Open remote management from the console.',
  },
  /** Netloom addition: the tunnel is open but the device's web page did not answer a request. */
  REMOTE_MGMT_PAGE_FAILED: { code: 497, message: "The device's web page did not answer. Try again." },
  /** Netloom addition: the WebSocket streams one remote session may carry at once (protocol TUNNEL_MAX_SOCKETS). */
  REMOTE_MGMT_SOCKETS_TOO_MANY: {
    code: 532,
    message: "Too many live connections are open to this device's web page. Close one and try again.",
  },
  /** Netloom addition: a WebSocket upgrade reached a console node that does not hold the session. */
  REMOTE_MGMT_SOCKET_OTHER_NODE: {
    code: 533,
    message:
      'This live connection reached a console server that does not hold the remote session. Try again; if it persists, route remote management to one server.',
  },
  /** Netloom addition: the device refused to open a WebSocket of its web page (`wsReject`). */
  REMOTE_MGMT_SOCKET_REFUSED: {
    code: 534,
    message: 'The device refused the live connection to its web page.',
  },
  SOME_DEVICES_OFFLINE: {
    code: 407,
    message: 'Some devices are offline; the change was not applied to them.',
  },
  DEVICE_DELETED: { code: 410, message: 'The device has been deleted.' },
  DEVICE_NOT_FOUND: { code: 901, message: 'The device was not found.' },
  DEVICE_MODEL_UNSUPPORTED: { code: 902, message: 'This device model is not supported by the cloud.' },
  DEVICE_SN_INVALID: { code: 903, message: 'The serial number must be 16–32 letters or digits.' },
  DEVICE_ALREADY_IN_PROJECT: { code: 904, message: 'The device is already in this project.' },
  COPY_CONFIG_SOURCE_OFFLINE: {
    code: 905,
    message: 'The source device is offline, so its configuration cannot be copied.',
  },
  COPY_CONFIG_MODEL_MISMATCH: {
    code: 906,
    message: 'A configuration can only be copied between devices of the same model.',
  },
  COPY_CONFIG_VERSION_MISMATCH: {
    code: 907,
    message: 'The firmware versions of the two devices differ, so the configuration cannot be copied.',
  },
  COPY_CONFIG_TARGET_OFFLINE: {
    code: 908,
    message: 'The target device is offline, so the configuration cannot be copied to it.',
  },
  COPY_CONFIG_SAME_DEVICE: { code: 909, message: 'A device cannot copy its configuration to itself.' },
  COPY_CONFIG_FAILED: { code: 910, message: 'Copying the configuration failed. Please try again.' },
  DEVICE_BUSY: { code: 911, message: 'The device is busy with another operation. Try again later.' },
  SECONDARY_MESH_NODE: { code: 912, message: 'Secondary mesh nodes cannot be configured.' },
  DEVICE_OPERATION_UNSUPPORTED: { code: 913, message: 'This device does not support the operation.' },
  FREE_REGISTRATION_MODE: {
    code: 914,
    message: 'Accounts in free-registration mode cannot use demo-project operations.',
  },
  FIRMWARE_MODEL_MISMATCH: { code: 915, message: 'The firmware file does not match the device model.' },
  READ_ONLY_SHARE: { code: 916, message: 'This project is shared with you read-only.' },
  DEVICE_REBOOTING_OR_UPGRADING: {
    code: 917,
    message: 'The device is rebooting or upgrading. Try again when it is back online.',
  },
  /** Netloom addition (issue 15): the management-mode switch asked for the mode the device is in. */
  MANAGEMENT_MODE_UNCHANGED: { code: 535, message: 'The device is already in this management mode.' },
  /** Netloom addition (issue 15): the device did not report its new management mode in time. */
  MANAGEMENT_MODE_TIMEOUT: {
    code: 536,
    message:
      'The device did not report its new management mode in time. Check that it is online and try again.',
  },
  DEVICE_LIMIT_ALT: { code: 1162, message: 'Your account has reached its device limit.' },
  DEVICE_ABNORMAL: { code: 2009, message: 'The device is in an abnormal state. Reboot it and try again.' },
  DISK_FORMAT_FAILED: { code: 3000, message: 'The disk could not be formatted.' },
  DISK_FORMAT_IN_PROGRESS: { code: 3001, message: 'The disk is already being formatted. Please wait.' },
  DISK_NOT_FOUND: { code: 3002, message: 'No disk was found in the recorder to format.' },
  /**
   * Netloom's (the spec has no code for it): the recorder went offline or stopped answering before
   * it finished formatting; what state the disk is in is unknown until it reports again.
   */
  DISK_FORMAT_TIMEOUT: {
    code: 498,
    message:
      'The recorder did not finish formatting the disk: it went offline or stopped answering. Check the disk when it is back.',
  },
} as const;
