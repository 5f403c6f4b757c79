/**
 * The social feature's public face: the sign-in screen's Social tab (lazy-loaded by the login page)
 * and My account's "Social sign-in" card.
 */
export { SocialBindingsCard } from './SocialBindingsCard';
export { SocialPanel } from './SocialPanel';
