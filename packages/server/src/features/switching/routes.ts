/** The switching routes (domain `switchingEndpoints`): a switch's port settings view and save, PoE reboot. */
import { switchingEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import { type PoeRebootDeps, poeReboot } from './poe';
import { switchingView } from './views';

export async function switchingRoutes(app: FastifyInstance, deps: PoeRebootDeps): Promise<void> {
  const { config } = deps;
  route(app, E.view, async (request) =>
    switchingView(config, projectAccessOf(request).projectId, request.params.deviceId),
  );
  route(app, E.save, async (request) =>
    config.save(projectAccessOf(request), {
      kind: 'switching',
      deviceId: request.params.deviceId,
      baseVersion: request.body.baseVersion,
      settings: request.body.settings,
    }),
  );
  route(app, E.poeReboot, async (request) =>
    poeReboot(deps, projectAccessOf(request), request.params.deviceId, request.params.portId),
  );
}
