/** The meta feature's public interface: the release this server runs. */
export { createMetaFeature, type MetaFeature } from './feature';
