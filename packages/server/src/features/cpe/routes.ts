/** The CPE routes (domain `cpeEndpoints`): bridge settings view and save, mode switch, Wi-Fi search. */
import { cpeEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { ConfigApi } from '../config';
import type { CpeActions } from './actions';
import { bridgeView } from './views';

export async function cpeRoutes(app: FastifyInstance, deps: { config: ConfigApi; cpe: CpeActions }) {
  const { config, cpe } = deps;
  route(app, E.bridge, async (request) =>
    bridgeView(deps, projectAccessOf(request).projectId, request.params.deviceId),
  );
  route(app, E.saveBridge, async (request) =>
    config.save(projectAccessOf(request), {
      kind: 'bridge',
      deviceId: request.params.deviceId,
      baseVersion: request.body.baseVersion,
      settings: request.body.settings,
    }),
  );
  route(app, E.mode, async (request) =>
    cpe.setMode(projectAccessOf(request), request.params.deviceId, request.body.mode),
  );
  route(app, E.search, async (request) =>
    cpe.search(projectAccessOf(request), request.params.deviceId, request.body),
  );
}
