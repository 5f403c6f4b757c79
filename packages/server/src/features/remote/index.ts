/** The remote feature's public interface: its constructor (no other feature asks it). */
export { createRemoteFeature, type RemoteFeature, type RemoteFeatureDeps } from './feature';
