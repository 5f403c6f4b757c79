/** The maps feature's public interface: the feature, and the prepared maps other features may ask for. */
export { createMapsFeature, type MapsDeps, type MapsFeature } from './feature';
export type { PreparedMap } from './service';
