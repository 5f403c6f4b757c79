/** The datascreen feature's public interface (it answers no other feature). */
export { createDataScreenFeature, type DataScreenDeps } from './feature';
