/**
 * The devices feature's public interface: the hot state of connected devices (what each last said
 * in `hello` and `state`) for the features that read it.
 */
export type { DeviceIngest, HotDevice } from './device';
