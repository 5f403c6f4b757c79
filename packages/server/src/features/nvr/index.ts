/** The NVR feature's public interface: nothing but its constructor (no other feature asks it). */
export { createNvrFeature, type NvrFeatureDeps } from './feature';
