/** Scheme generation: its pages are reached through `routes.ts` only. */
export { solutionPath } from './api';
