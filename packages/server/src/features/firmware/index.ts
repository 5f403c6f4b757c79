/**
 * The firmware feature's public interface: its constructor, and the newest uploaded firmware per
 * model (the supported-models page asks it).
 */
export {
  createFirmwareFeature,
  type FirmwareFeature,
  type FirmwareFeatureDeps,
  type FirmwareReleases,
} from './feature';
