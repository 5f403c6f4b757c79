/** The RF feature's public interface. */
export { createRfFeature, type RfFeature, type RfFeatureDeps } from './feature';
export type { RfOptions } from './options';
export type { NeighbourRow } from './store';
