/** The sessions feature's public interface: its constructor (no other feature asks it). */
export { createSessionsFeature, type SessionsFeatureDeps } from './feature';
