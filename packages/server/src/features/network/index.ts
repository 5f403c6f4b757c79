/** The network feature's public interface. */
export { createNetworkFeature, type NetworkFeatureDeps } from './feature';
