import { topologyEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { TopologyService } from './service';

/**
 * Topology routes (domain `topologyEndpoints`). Project membership, the right, the lock (173) and
 * the live demo (405) are the guards every project route passes, before these handlers run.
 */
export async function topologyRoutes(app: FastifyInstance, { topology }: { topology: TopologyService }) {
  route(app, E.graph, async (request) => topology.graph(projectAccessOf(request).projectId));
  route(app, E.addManual, async (request) =>
    topology.addManual(projectAccessOf(request).projectId, request.body),
  );
  route(app, E.updateManual, async (request) =>
    topology.updateManual(projectAccessOf(request).projectId, request.params.nodeId, request.body),
  );
  route(app, E.removeManual, async (request) =>
    topology.removeManual(projectAccessOf(request).projectId, request.params.nodeId),
  );
}
