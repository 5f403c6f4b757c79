/**
 * The devices feature's public face: a project's devices as other features read them, and the
 * "Add device" dialog and the pending-devices bell of the header.
 */

export { LazyAddDeviceModal } from './add/LazyAddDeviceModal';
export { useDevice, useDeviceList } from './api';
export { deviceKeys, devicesLive } from './keys';
export { PendingBell } from './pending/PendingBell';
