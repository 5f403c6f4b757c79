/** RF optimisation's public face: a device's radios in the device drawer. */
export { DeviceRadioSection } from './DeviceRadioSection';
export { rfLive } from './keys';
