/** The solutions feature's public interface: its constructor (no other feature asks it). */
export { createSolutionsFeature, type SolutionsFeatureDeps } from './feature';
