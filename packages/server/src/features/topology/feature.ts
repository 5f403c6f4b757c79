import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import { topologyRoutes } from './routes';
import { type TopologyConfig, TopologyService } from './service';
import { TopologyStore } from './store';

export interface TopologyDeps {
  db: Db;
  clock: Clock;
  /** The saved settings documents: the project's VLANs and the switches' port VLANs (VLAN view). */
  config: TopologyConfig;
}

/**
 * The network topology (issue 12 §3): a read model over the devices rows — type, mesh role, status,
 * the uplink each device reports (parent SN, port, link kind) and its parent's port speeds — plus
 * the manual nodes it owns (`topology_manual_nodes`) and the VLANs of the configuration engine's
 * desired state, served as one graph under an Internet root (`GET /api/projects/:id/topology`).
 * No device handler.
 */
export function createTopologyFeature(deps: TopologyDeps): Feature {
  const topology = new TopologyService(new TopologyStore(deps.db), deps.config, deps.clock);
  return {
    name: 'topology',
    routes: (app) => topologyRoutes(app, { topology }),
  };
}
