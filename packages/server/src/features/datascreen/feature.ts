import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import { Gazetteer } from './gazetteer';
import { dataScreenRoutes } from './routes';
import { DataScreenService, type DataScreenSources } from './service';
import { DataScreenStore } from './store';

export interface DataScreenDeps extends DataScreenSources {
  db: Db;
  clock: Clock;
}

/**
 * The project data screen (issue 12 §4): `/api/datascreen…` (domain `dataScreenEndpoints`) — the
 * figures across the caller's projects asked of projects, monitoring and alarms; each account's
 * settings (`datascreen_settings`); the offline gazetteer of the location picker.
 */
export function createDataScreenFeature(deps: DataScreenDeps): Feature {
  const store = new DataScreenStore(deps.db);
  const service = new DataScreenService(store, deps.clock, deps);
  const gazetteer = new Gazetteer();
  return { name: 'datascreen', routes: (app) => dataScreenRoutes(app, { service, gazetteer }) };
}
