/** The firmware feature's public interface: its constructor (no other feature asks it). */
export { createFirmwareFeature, type FirmwareFeatureDeps } from './feature';
