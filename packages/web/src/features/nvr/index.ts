/**
 * The NVR feature's public face: a recorder's Storage (disks, Format) and Cameras sections for the
 * device drawer, and its live invalidations (registered by the app).
 */
export { nvrKeys, nvrLive } from './keys';
export { NvrSections } from './NvrStorage';
