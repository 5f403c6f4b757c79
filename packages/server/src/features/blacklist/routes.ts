/** The blacklist routes (domain `blacklistEndpoints`): view, save, block and unblock one client. */
import { blacklistEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { BlacklistService } from './service';

export async function blacklistRoutes(app: FastifyInstance, service: BlacklistService): Promise<void> {
  route(app, E.view, async (request) => service.view(projectAccessOf(request).projectId));
  route(app, E.save, async (request) =>
    service.save(projectAccessOf(request), request.body.baseVersion, request.body.settings),
  );
  route(app, E.block, async (request) => service.block(projectAccessOf(request), request.body));
  route(app, E.unblock, async (request) => service.unblock(projectAccessOf(request), request.params.mac));
}
