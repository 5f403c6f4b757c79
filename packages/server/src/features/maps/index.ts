/** The maps feature's public interface (it answers no other feature yet). */
export { createMapsFeature, type MapsDeps, type MapsFeature } from './feature';
