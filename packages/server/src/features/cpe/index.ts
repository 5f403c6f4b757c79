/** The CPE feature's public interface. */
export { type CpeFeature, type CpeFeatureDeps, createCpeFeature } from './feature';
