/** The blacklist feature's public interface: its constructor only. */
export { type BlacklistFeatureDeps, createBlacklistFeature } from './feature';
