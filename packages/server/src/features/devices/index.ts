/**
 * The devices feature's public interface: the hot state of devices (what each last said in `hello`
 * and `state`), devices as the configuration engine reads them (`snapshots`), counts per project,
 * which devices exist, the per-device check of batch actions (`checkDevices`), and system claims for the live demo. The `devices` rows are this feature's:
 * other features ask here.
 */

export { checkDevices, type DeviceCheck, type DeviceCheckDeps } from './batchCheck';
export type { DeviceOnline, HotDevice, StatusChange } from './device';
export { createDevicesFeature, type Devices, type DevicesDeps, type DevicesFeature } from './feature';
export type { Admission, Candidate } from './onboarding';
export type { DeviceSnapshot } from './snapshot';
