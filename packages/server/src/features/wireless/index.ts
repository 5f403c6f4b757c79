/** The wireless feature's public interface. */
export { createWirelessFeature, type WirelessFeatureDeps } from './feature';
