/** The management-mode route (domain `managementModeEndpoints`). */
import { managementModeEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { ManagementModeService } from './service';

export async function managementModeRoutes(
  app: FastifyInstance,
  { service }: { service: ManagementModeService },
): Promise<void> {
  route(app, E.set, async (request) =>
    service.set(projectAccessOf(request), request.params.deviceId, request.body.mode),
  );
}
