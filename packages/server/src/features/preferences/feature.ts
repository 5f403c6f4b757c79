import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import { preferenceRoutes } from './routes';
import { PreferenceStore } from './store';

export interface PreferencesDeps {
  db: Db;
  clock: Clock;
}

/** Per-account preferences (table columns, page sizes): `/api/account/preferences…`. */
export function createPreferencesFeature(deps: PreferencesDeps): Feature {
  const store = new PreferenceStore(deps.db);
  return { name: 'preferences', routes: (app) => preferenceRoutes(app, { store, clock: deps.clock }) };
}
