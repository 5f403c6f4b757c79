import type { Db } from '../../db';
import type { Feature } from '../../lib/feature';
import { topologyRoutes } from './routes';
import { TopologyService } from './service';
import { TopologyStore } from './store';

export interface TopologyDeps {
  db: Db;
}

/**
 * The network topology (issue 12 §3): a read model over the devices rows — type, mesh role, status,
 * the uplink each device reports (parent SN, port, link kind) and its parent's port speeds — served
 * as one graph under an Internet root (`GET /api/projects/:id/topology`). No table, no device handler.
 */
export function createTopologyFeature(deps: TopologyDeps): Feature {
  const topology = new TopologyService(new TopologyStore(deps.db));
  return {
    name: 'topology',
    routes: (app) => topologyRoutes(app, { topology }),
  };
}
