/** The preferences feature's public interface (it answers no other feature). */
export { createPreferencesFeature, type PreferencesDeps } from './feature';
