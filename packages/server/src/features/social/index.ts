/** The social feature's public interface: only its construction (no other feature asks it anything). */
export { createSocialFeature, type SocialDeps, type SocialFeature } from './feature';
