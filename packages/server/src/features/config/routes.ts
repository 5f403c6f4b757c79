import {
  auditPageSchema,
  auditQuerySchema,
  bridgeConfigViewSchema,
  type ConfigKind,
  commandJobSchema,
  configDiffQuerySchema,
  configDiffSchema,
  configRevisionDetailSchema,
  configRevisionPageSchema,
  configRevisionQuerySchema,
  cpeModeRequestSchema,
  cpeSearchRequestSchema,
  cpeSearchResultSchema,
  networkConfigViewSchema,
  projectConfigStatusSchema,
  radioConfigViewSchema,
  restoreRequestSchema,
  retryDeliveryRequestSchema,
  retryDeliveryResultSchema,
  rfConfigViewSchema,
  routeTableSchema,
  saveConfigRequestSchema,
  saveConfigResultSchema,
  switchConfigViewSchema,
  wirelessConfigViewSchema,
} from '@netloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/api';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { ConfigActions } from './actions';
import type { CpeActions } from './cpe';
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
  cpe: CpeActions;
}

/** The configuration API (domain `api/config.ts`), under `/api/projects`. */
export const configRoutes: FastifyPluginAsyncZod<ConfigRoutesOptions> = async (
  app,
  { service, views, actions, cpe },
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

  // ── Wireless (issue 5) ──────────────────────────────────────────────────────────────────────
  app.get(
    '/:id/config/wireless',
    {
      schema: {
        tags,
        summary: "Wireless policies and the project's Wi-Fi devices (for policies on specified devices)",
        params: projectParams,
        response: responses(wirelessConfigViewSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await views.wireless(projectAccessOf(request).projectId)),
  );

  app.put(
    '/:id/config/wireless',
    {
      schema: {
        tags,
        summary: 'Save wireless policies (400/§5 codes with issues; 414 stale baseVersion)',
        params: projectParams,
        body: saveConfigRequestSchema,
        response: responses(saveConfigResultSchema),
      },
      preHandler: write,
    },
    async (request) =>
      ok(await save('wireless', { params: {}, body: request.body }, projectAccessOf(request))),
  );

  app.get(
    '/:id/config/rf',
    {
      schema: {
        tags,
        summary: 'RF optimisation schedule, DFS, access threshold and roaming settings',
        params: projectParams,
        response: responses(rfConfigViewSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await views.rf(projectAccessOf(request).projectId)),
  );

  app.put(
    '/:id/config/rf',
    {
      schema: {
        tags,
        summary: 'Save RF and roaming settings (27 while an optimisation runs; §5 codes; 414)',
        params: projectParams,
        body: saveConfigRequestSchema,
        response: responses(saveConfigResultSchema),
      },
      preHandler: write,
    },
    async (request) => ok(await save('rf', { params: {}, body: request.body }, projectAccessOf(request))),
  );

  app.get(
    '/:id/devices/:deviceId/config/radio',
    {
      schema: {
        tags,
        summary: "A Wi-Fi device's radios: settings, the model's radios and what they run now (913)",
        params: deviceParams,
        response: responses(radioConfigViewSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await views.radio(projectAccessOf(request).projectId, request.params.deviceId)),
  );

  app.put(
    '/:id/devices/:deviceId/config/radio',
    {
      schema: {
        tags,
        summary:
          'Save radio channel, width and power (27 while RF optimisation runs; 76, 912, 913, 415, 414)',
        params: deviceParams,
        body: saveConfigRequestSchema,
        response: responses(saveConfigResultSchema),
      },
      preHandler: write,
    },
    async (request) => ok(await save('radio', request, projectAccessOf(request))),
  );

  app.get(
    '/:id/devices/:deviceId/config/bridge',
    {
      schema: {
        tags,
        summary: "A CPE's bridge settings, its bridge status and its latest Wi-Fi search (913 not a CPE)",
        params: deviceParams,
        response: responses(bridgeConfigViewSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await views.bridge(projectAccessOf(request).projectId, request.params.deviceId)),
  );

  app.put(
    '/:id/devices/:deviceId/config/bridge',
    {
      schema: {
        tags,
        summary: 'Save bridge name, management Wi-Fi and uplink (418 uplink not in the latest search; 414)',
        params: deviceParams,
        body: saveConfigRequestSchema,
        response: responses(saveConfigResultSchema),
      },
      preHandler: write,
    },
    async (request) => ok(await save('bridge', request, projectAccessOf(request))),
  );

  app.post(
    '/:id/devices/:deviceId/cpe/mode',
    {
      schema: {
        tags,
        summary: 'Switch a CPE between AP and client mode: a command job; the device restarts (36, 913)',
        params: deviceParams,
        body: cpeModeRequestSchema,
        response: responses(commandJobSchema),
      },
      preHandler: write,
    },
    async (request) =>
      ok(await cpe.setMode(projectAccessOf(request), request.params.deviceId, request.body.mode)),
  );

  app.post(
    '/:id/devices/:deviceId/cpe/search',
    {
      schema: {
        tags,
        summary: 'Wi-Fi search from a CPE (up to 30 s): networks strongest first (417 no signal, 36, 913)',
        params: deviceParams,
        body: cpeSearchRequestSchema,
        response: responses(cpeSearchResultSchema),
      },
      preHandler: write,
    },
    async (request) => ok(await cpe.search(projectAccessOf(request), request.params.deviceId, request.body)),
  );

  app.get(
    '/:id/config/revisions',
    {
      schema: {
        tags,
        summary:
          'Configuration history, newest first: ?kind, deviceId (withProject: and project-wide), page, pageSize',
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
        summary:
          'Audit log of changes: account, time, device, summary (?deviceId, withProject, page, pageSize)',
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

  app.post(
    '/:id/config/retry',
    {
      schema: {
        tags,
        summary:
          'Retry delivery to chosen devices now: failed ones get their settings as a new version (407 + data when some are offline)',
        params: projectParams,
        body: retryDeliveryRequestSchema,
        response: responses(retryDeliveryResultSchema),
      },
      preHandler: write,
    },
    async (request) => ok(await actions.retryDelivery(projectAccessOf(request), request.body.deviceIds)),
  );
};
