/** The search feature's public interface: only its constructor (no other feature asks it anything). */
export { createSearchFeature, type SearchFeatureDeps } from './feature';
