/** The client list's public face: what its live events make stale (the app registers it). */
export { clientKeys, clientsLive } from './keys';
