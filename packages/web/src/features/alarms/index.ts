/** The alarms feature's public face: the header bell and a device's recent events (device drawer). */
export { AlarmBell } from './AlarmBell';
export { DeviceEventsSection } from './DeviceEventsSection';
export { alarmsLive } from './keys';
