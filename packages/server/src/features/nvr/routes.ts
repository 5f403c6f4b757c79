/** The NVR routes (domain `nvrEndpoints`): format a disk, a recorder's recent format jobs. */
import { nvrEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { NvrService } from './service';

export async function nvrRoutes(app: FastifyInstance, { service }: { service: NvrService }) {
  route(app, E.format, async (request) =>
    service.format(projectAccessOf(request), request.params.deviceId, request.body.disk),
  );
  route(app, E.formats, async (request) => ({
    jobs: await service.formats(projectAccessOf(request), request.params.deviceId),
  }));
}
