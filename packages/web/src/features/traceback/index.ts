/** Traceback's public face (§2 named screen): its live invalidations (the page is a route). */
export { tracebackLive } from './keys';
