/**
 * The devices feature's public interface: the hot state of devices (what each last said in `hello`
 * and `state`) for the features that read it, and system claims for the live demo.
 */

export type { HotDevice } from './device';
export { createDevicesFeature, type Devices, type DevicesDeps, type DevicesFeature } from './feature';
export type { Admission, Candidate } from './onboarding';
