/** The notifications feature's public face: the panel the Alarm page shows as its "Notifications" tab. */
export { NotificationsPanel } from './NotificationsPanel';
