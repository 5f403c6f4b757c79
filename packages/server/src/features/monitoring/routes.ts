import { monitoringEndpoints as E, projectEndpoints } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { ConsoleOverview } from './overview';
import type { MonitoringService } from './service';

/**
 * Monitoring routes (domain `monitoringEndpoints`): network status, device and client data, the
 * project's overview; and the overview across the caller's projects (`projectEndpoints.overview`:
 * totals of what several features keep, so the read side serves it).
 */
export async function monitoringRoutes(
  app: FastifyInstance,
  { monitoring, consoleOverview }: { monitoring: MonitoringService; consoleOverview: ConsoleOverview },
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
  route(app, projectEndpoints.overview, async (request) => consoleOverview.of(sessionOf(request).accountId));
}
