/** The notifications feature: nothing other features ask of it; `app.ts` builds and lists it. */
export { createNotificationsFeature, type NotificationsDeps, type NotificationsFeature } from './feature';
