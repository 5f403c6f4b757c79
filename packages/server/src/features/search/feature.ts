import type { Db } from '../../db';
import type { Feature } from '../../lib/feature';
import type { Auth } from '../auth';
import type { Demo } from '../demo';
import type { Projects } from '../projects';
import { searchRoutes } from './routes';
import { SearchService } from './service';
import { SearchStore } from './store';

export interface SearchFeatureDeps {
  db: Db;
  /** The caller's projects with its right, network mode and lock (what its menu shows in each). */
  projects: Pick<Projects, 'ofMember'>;
  /** The account's role and §6 permission flags. */
  auth: Pick<Auth, 'permissionsOf'>;
  /** The live demo's device names and SSIDs in demo projects' hits, as every demo page shows them. */
  demo?: Pick<Demo, 'renameFor'>;
}

/**
 * Global search (Ctrl-K): devices, online clients and settings pages across the caller's projects,
 * `GET /api/search`. A read model: it owns no table and handles no device message.
 */
export function createSearchFeature(deps: SearchFeatureDeps): Feature {
  const search = new SearchService({
    store: new SearchStore(deps.db),
    projects: deps.projects,
    auth: deps.auth,
  });
  return { name: 'search', routes: (app) => searchRoutes(app, { search }) };
}
