import { monitoringEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { MonitoringService } from './service';

/** Monitoring routes (domain `monitoringEndpoints`): network status, device and client data, overview. */
export async function monitoringRoutes(
  app: FastifyInstance,
  { monitoring }: { monitoring: MonitoringService },
) {
  route(app, E.status, async (request) =>
    monitoring.status(projectAccessOf(request).projectId, request.query.range),
  );
  route(app, E.deviceData, async (request) => monitoring.deviceData(projectAccessOf(request).projectId));
  route(app, E.clientData, async (request) =>
    monitoring.clientData(projectAccessOf(request).projectId, request.query.range),
  );
  route(app, E.deviceTelemetry, async (request) =>
    monitoring.deviceTelemetry(
      projectAccessOf(request).projectId,
      request.params.deviceId,
      request.query.range,
    ),
  );
  route(app, E.overview, async (request) => monitoring.overview(projectAccessOf(request).projectId));
}
