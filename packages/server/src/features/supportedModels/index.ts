/** The supported-models feature's public interface: its constructor (no other feature asks it). */
export { createSupportedModelsFeature, type SupportedModelsDeps } from './feature';
