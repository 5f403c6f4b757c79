/** The maintenance routes (domain `maintenanceEndpoints`): one device, or a selection. */
import { maintenanceEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { MaintenanceService } from './service';

export async function maintenanceRoutes(app: FastifyInstance, { service }: { service: MaintenanceService }) {
  route(app, E.device, async (request) =>
    service.one(projectAccessOf(request), request.params.deviceId, request.body.action, request.body.minutes),
  );
  route(app, E.batch, async (request) =>
    service.batch(
      projectAccessOf(request),
      request.body.deviceIds,
      request.body.action,
      request.body.minutes,
    ),
  );
}
