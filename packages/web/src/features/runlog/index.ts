/** The system log's public face: its query keys and live invalidations (the page is its route). */
export { runlogKeys, runlogLive } from './keys';
