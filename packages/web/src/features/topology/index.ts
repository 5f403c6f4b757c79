/** The topology feature's public face: its live invalidations (registered by the app). */
export { topologyKeys, topologyLive } from './keys';
