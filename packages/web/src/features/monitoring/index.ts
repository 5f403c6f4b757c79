/** The monitoring pages' public face: their query keys (alarms refresh the overview's unread count). */
export { monitoringKeys, monitoringLive } from './keys';
