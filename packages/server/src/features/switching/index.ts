/** The switching feature's public interface. */
export { createSwitchingFeature, type SwitchingFeatureDeps } from './feature';
