import {
  auditPageSchema,
  auditQuerySchema,
  type ConfigKind,
  commandJobSchema,
  configDiffQuerySchema,
  configDiffSchema,
  configRevisionDetailSchema,
  configRevisionPageSchema,
  configRevisionQuerySchema,
  networkConfigViewSchema,
  projectConfigStatusSchema,
  restoreRequestSchema,
  routeTableSchema,
  saveConfigRequestSchema,
  saveConfigResultSchema,
  switchConfigViewSchema,
} from '@netloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/api';
import { projectAccessOf } from '../projects/access';
import type { ConfigActions } from './actions';
import type { ConfigService } from './service';
import type { ConfigViews } from './views';

const tags = ['config'];
const dbId = z.coerce.number().int().positive().max(2_147_483_647);
const projectParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'A project id is a positive integer.') });
const deviceParams = projectParams.extend({ deviceId: dbId });
const revisionParams = projectParams.extend({ revisionId: dbId });
const portParams = deviceParams.extend({ portId: z.coerce.number().int().min(1).max(128) });

export interface ConfigRoutesOptions {
  service: ConfigService;
  views: ConfigViews;
  actions: ConfigActions;
}

/** The configuration API (domain `api/config.ts`), under `/api/projects`. */
export const configRoutes: FastifyPluginAsyncZod<ConfigRoutesOptions> = async (
  app,
  { service, views, actions },
) => {
  app.addHook('preHandler', app.requireSession);
  const read = app.requireProjectRight('r');
  const write = app.requireProjectRight('rw');
  const save = (
    kind: ConfigKind,
    request: { params: { deviceId?: number }; body: z.infer<typeof saveConfigRequestSchema> },
    access: ReturnType<typeof projectAccessOf>,
  ) =>
    service.save(access, {
      kind,
      deviceId: request.params.deviceId ?? null,
      baseVersion: request.body.baseVersion,
      settings: request.body.settings,
    });

  app.get(
    '/:id/config/status',
    {
      schema: {
        tags,
        summary: 'Configuration delivery per device: applied / pending (since) / failed (code, reason)',
        params: projectParams,
        response: responses(projectConfigStatusSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await views.status(projectAccessOf(request).projectId)),
  );

  app.get(
    '/:id/config/network',
    {
      schema: {
        tags,
        summary: 'Network settings (factory settings at version 0), the gateway and delivery state',
        params: projectParams,
        response: responses(networkConfigViewSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await views.network(projectAccessOf(request).projectId)),
  );

  app.put(
    '/:id/config/network',
    {
      schema: {
        tags,
        summary: 'Save network settings (400/§5 codes with issues; 414 baseVersion is not the current one)',
        params: projectParams,
        body: saveConfigRequestSchema,
        response: responses(saveConfigResultSchema),
      },
      preHandler: write,
    },
    async (request) =>
      ok(await save('network', { params: {}, body: request.body }, projectAccessOf(request))),
  );

  app.get(
    '/:id/devices/:deviceId/config/switching',
    {
      schema: {
        tags,
        summary: 'Switch port settings, the port panel, live ports and PoE totals (913 not a switch)',
        params: deviceParams,
        response: responses(switchConfigViewSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await views.switching(projectAccessOf(request).projectId, request.params.deviceId)),
  );

  app.put(
    '/:id/devices/:deviceId/config/switching',
    {
      schema: {
        tags,
        summary:
          'Save switch port settings (76 local mode, 912 secondary mesh, 913 unsupported, 415 firmware, 414)',
        params: deviceParams,
        body: saveConfigRequestSchema,
        response: responses(saveConfigResultSchema),
      },
      preHandler: write,
    },
    async (request) => ok(await save('switching', request, projectAccessOf(request))),
  );

  app.get(
    '/:id/config/revisions',
    {
      schema: {
        tags,
        summary: 'Configuration history, newest first: ?kind, deviceId, page, pageSize',
        params: projectParams,
        querystring: configRevisionQuerySchema,
        response: responses(configRevisionPageSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await views.revisions(projectAccessOf(request).projectId, request.query)),
  );

  app.get(
    '/:id/config/revisions/:revisionId',
    {
      schema: {
        tags,
        summary: 'One version with its settings (412 unknown)',
        params: revisionParams,
        response: responses(configRevisionDetailSchema),
      },
      preHandler: read,
    },
    async (request) =>
      ok(await views.revision(projectAccessOf(request).projectId, request.params.revisionId)),
  );

  app.get(
    '/:id/config/diff',
    {
      schema: {
        tags,
        summary: 'Readable difference between two versions of one document (to = current when absent)',
        params: projectParams,
        querystring: configDiffQuerySchema,
        response: responses(configDiffSchema),
      },
      preHandler: read,
    },
    async (request) =>
      ok(await views.diff(projectAccessOf(request).projectId, request.query.from, request.query.to)),
  );

  app.post(
    '/:id/config/revisions/:revisionId/restore',
    {
      schema: {
        tags,
        summary: 'Roll back to a version: a new version with its settings (414 baseVersion is stale)',
        params: revisionParams,
        body: restoreRequestSchema,
        response: responses(saveConfigResultSchema),
      },
      preHandler: write,
    },
    async (request) =>
      ok(
        await service.restore(projectAccessOf(request), request.params.revisionId, request.body.baseVersion),
      ),
  );

  app.get(
    '/:id/audit',
    {
      schema: {
        tags,
        summary: 'Audit log of changes: account, time, device, summary (?deviceId, page, pageSize)',
        params: projectParams,
        querystring: auditQuerySchema,
        response: responses(auditPageSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await views.audit(projectAccessOf(request).projectId, request.query)),
  );

  app.get(
    '/:id/network/route-table',
    {
      schema: {
        tags,
        summary: "The gateway's routing table, read live (36 offline, 412 no gateway)",
        params: projectParams,
        response: responses(routeTableSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await actions.routeTable(projectAccessOf(request))),
  );

  app.post(
    '/:id/devices/:deviceId/ports/:portId/poe-reboot',
    {
      schema: {
        tags,
        summary: 'Power-cycle one PoE port: a command job (36 offline, 400 port without PoE)',
        params: portParams,
        response: responses(commandJobSchema),
      },
      preHandler: write,
    },
    async (request) =>
      ok(await actions.poeReboot(projectAccessOf(request), request.params.deviceId, request.params.portId)),
  );
};
