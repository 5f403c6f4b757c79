/**
 * The firmware feature's public face (issue 13 §1): the files drawer, the upgrade actions (drawer
 * and bulk), the device list's Firmware cell, the "newer firmware available" badge (list, drawer,
 * topology) and the live tracking of upgrades, over domain `firmwareEndpoints`.
 */
export { firmwareLive, useUpgradeTracking } from './api';
export { FirmwareCell, NewerFirmwareBadge, UpgradeStatusLine, useNewerFirmware } from './FirmwareCell';
export { FirmwareFilesDrawer } from './FirmwareFilesDrawer';
export { BulkUpgradeAction, DeviceUpgradeAction } from './UpgradeActions';
export type { UpgradeDevice } from './words';
