/**
 * The maintenance feature's public face: the device drawer's actions (Restart, Locate, Reset and a
 * "…" menu) and the device list's bulk actions, both over domain `maintenanceEndpoints`.
 */
export { BulkMaintenanceActions } from './BulkMaintenanceActions';
export { DeviceActions } from './DeviceActions';
export type { MaintenanceDevice } from './words';
