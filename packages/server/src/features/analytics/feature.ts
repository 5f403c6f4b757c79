import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { Auth } from '../auth';
import { analyticsRoutes } from './routes';
import { AnalyticsService } from './service';
import { AnalyticsStore } from './store';

export interface AnalyticsDeps {
  db: Db;
  clock: Clock;
  auth: Pick<Auth, 'permissionsOf' | 'onSessionEnded'>;
}

/**
 * Analytics (issue 15 §3) — `POST /upload/app-data/v2` (gzip JSON signed with a terminal's key),
 * `POST /api/analytics/terminal` (a signed-in console's key) and `GET /api/analytics/pivot` (the
 * manufacturer's data pivot). Owns `analytics_terminals` and `analytics_events`; a terminal's key
 * ends with the sign-in that asked for it (auth's `onSessionEnded`).
 */
export function createAnalyticsFeature(deps: AnalyticsDeps): Feature {
  const analytics = new AnalyticsService({
    store: new AnalyticsStore(deps.db),
    clock: deps.clock,
    auth: deps.auth,
  });
  deps.auth.onSessionEnded((sessionId) => void analytics.sessionEnded(sessionId).catch(() => undefined));
  return { name: 'analytics', routes: (app) => analyticsRoutes(app, { analytics }) };
}
