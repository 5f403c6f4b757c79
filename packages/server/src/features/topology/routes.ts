import { topologyEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { TopologyService } from './service';

/** Topology routes (domain `topologyEndpoints`); the project guard has checked membership. */
export async function topologyRoutes(app: FastifyInstance, { topology }: { topology: TopologyService }) {
  route(app, E.graph, async (request) => topology.graph(projectAccessOf(request).projectId));
}
