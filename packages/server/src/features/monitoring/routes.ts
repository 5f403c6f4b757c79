/** Monitoring routes: network status, device data, client data, project overview. */
import {
  clientDataSchema,
  deviceDataSchema,
  deviceTelemetrySchema,
  monitoringRangeQuerySchema,
  networkStatusSchema,
  projectOverviewSchema,
} from '@netloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/api';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { MonitoringService } from './service';

const tags = ['monitoring'];
const params = z.object({ id: z.string().regex(/^\d{1,15}$/, 'A project id is a positive integer.') });

export const monitoringRoutes: FastifyPluginAsyncZod<{ monitoring: MonitoringService }> = async (
  app,
  { monitoring },
) => {
  app.addHook('preHandler', app.requireSession);
  const read = app.requireProjectRight('r');

  app.get(
    '/:id/status',
    {
      schema: {
        tags,
        summary: 'Network status: Internet, Switch, AP and Client panels (?range=12h|24h|72h|7d|30d)',
        params,
        querystring: monitoringRangeQuerySchema,
        response: responses(networkStatusSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await monitoring.status(projectAccessOf(request).projectId, request.query.range)),
  );

  app.get(
    '/:id/device-data',
    {
      schema: {
        tags,
        summary: 'Device analysis: software-version share, model share, top-10 AP load',
        params,
        response: responses(deviceDataSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await monitoring.deviceData(projectAccessOf(request).projectId)),
  );

  app.get(
    '/:id/client-data',
    {
      schema: {
        tags,
        summary: 'Flow analysis: passenger flow, client traffic top 10, authentication types',
        params,
        querystring: monitoringRangeQuerySchema,
        response: responses(clientDataSchema),
      },
      preHandler: read,
    },
    async (request) =>
      ok(await monitoring.clientData(projectAccessOf(request).projectId, request.query.range)),
  );

  app.get(
    '/:id/devices/:deviceId/telemetry',
    {
      schema: {
        tags,
        summary: "One device's traffic, clients, CPU and memory chart (?range=; 901 unknown device)",
        params: params.extend({ deviceId: z.coerce.number().int().positive() }),
        querystring: monitoringRangeQuerySchema,
        response: responses(deviceTelemetrySchema),
      },
      preHandler: read,
    },
    async (request) =>
      ok(
        await monitoring.deviceTelemetry(
          projectAccessOf(request).projectId,
          request.params.deviceId,
          request.query.range,
        ),
      ),
  );

  app.get(
    '/:id/overview',
    {
      schema: {
        tags,
        summary: 'Project overview: device and client counts, unread alarms, traffic now, 24 h trend',
        params,
        response: responses(projectOverviewSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await monitoring.overview(projectAccessOf(request).projectId)),
  );
};
