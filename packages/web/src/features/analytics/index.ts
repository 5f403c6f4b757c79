/**
 * The analytics feature's public face (issue 15 §3): the console's tracker (page views, key actions
 * through `trackEvent`), the idle watcher and its My account card, the data pivot's routes.
 */
export { AnalyticsTracker } from './AnalyticsTracker';
export { IdleSettingsCard } from './IdleSettingsCard';
export { IdleWatcher } from './IdleWatcher';
export { consoleRoutes } from './routes';
export { trackEvent } from './tracker';
