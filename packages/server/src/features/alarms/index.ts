/** The alarms feature's public interface: unread counts, as the alarm list counts them; raised and cleared alarms. */

export type { AlarmChange } from './conditions';
export { type Alarms, type AlarmsDeps, type AlarmsFeature, createAlarmsFeature } from './feature';
export type { UnreadScope } from './store';
