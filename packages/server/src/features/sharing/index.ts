/** The sharing feature's public interface: its constructor and, for tests, the expiry sweep. */
export { createSharingFeature, type SharingDeps, type SharingFeature } from './feature';
