/** The remote management endpoints (domain `remoteEndpoints`): open a session on a device, end one. */
import { remoteEndpoints as E } from '@netloom/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { RemoteService } from './service';

/** Where the device opens its tunnel: the address the console was reached at (behind a proxy, its forwarded one). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export async function remoteRoutes(app: FastifyInstance, { service }: { service: RemoteService }) {
  route(app, E.open, async (request) =>
    service.open(projectAccessOf(request), sessionOf(request).id, request.params.deviceId, originOf(request)),
  );
  route(app, E.close, async (request) => service.close(projectAccessOf(request), request.params.sessionId));
}
