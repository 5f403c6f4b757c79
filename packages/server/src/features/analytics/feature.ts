import type { Db } from '../../db';
import { type Clock, utcDay } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { Auth } from '../auth';
import type { Telemetry } from '../telemetry';
import { analyticsRoutes } from './routes';
import { AnalyticsService } from './service';
import { AnalyticsStore } from './store';

export interface AnalyticsDeps {
  db: Db;
  clock: Clock;
  auth: Pick<Auth, 'permissionsOf' | 'onSessionEnded'>;
  /** The server's retention run, whose bounded batches prune the events too. */
  retention: Pick<Telemetry, 'onRetention'>;
  /** Days of events kept (`ANALYTICS_RETENTION_DAYS`); older UTC days are pruned. */
  retentionDays: number;
}

const DAY_MS = 86_400_000;

/**
 * Analytics (issue 15 §3) — `POST /upload/app-data/v2` (gzip JSON signed with a terminal's key),
 * `POST /api/analytics/terminal` (a signed-in console's key) and `GET /api/analytics/pivot` (the
 * manufacturer's data pivot). Owns `analytics_terminals` and `analytics_events`; a terminal's key
 * ends with the sign-in that asked for it (auth's `onSessionEnded`); events older than the retention
 * period are pruned in the server's retention run.
 */
export function createAnalyticsFeature(deps: AnalyticsDeps): Feature {
  const store = new AnalyticsStore(deps.db);
  const analytics = new AnalyticsService({
    store,
    clock: deps.clock,
    auth: deps.auth,
  });
  // Its own period, not telemetry's: events of a UTC day older than `retentionDays` go.
  deps.retention.onRetention(async (_cutoffs, batches) => ({
    analytics_events: await store.pruneEvents(
      utcDay(deps.clock.now() - (deps.retentionDays - 1) * DAY_MS),
      batches,
    ),
  }));
  deps.auth.onSessionEnded((sessionId) => void analytics.sessionEnded(sessionId).catch(() => undefined));
  return { name: 'analytics', routes: (app) => analyticsRoutes(app, { analytics }) };
}
