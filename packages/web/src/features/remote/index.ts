/** The remote management feature's public face: the device drawer's "Remote management" item. */
export { type RemoteDevice, useRemoteManagementItem } from './useRemoteManagementItem';
