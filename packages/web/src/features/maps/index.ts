/** The Wi-Fi map feature's public face: its live invalidations (registered by the app). */
export { mapKeys, mapsLive } from './keys';
