/**
 * The experience feature's public face (issue 15 §5): the experience project page (account menu's
 * "Experience project") and the §2 /static pages, mounted by the router from `routes.ts`.
 */
export { experienceKeys, useExperience } from './api';
