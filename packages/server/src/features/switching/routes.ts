/** The switching routes (domain `switchingEndpoints`): a switch's port settings view and save, PoE reboot. */
import { switchingEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import { type PoeRebootDeps, poeReboot } from './poe';
import type { PortProfiles } from './profiles';
import { portProfilesView } from './profileView';
import { type SwitchingViewDeps, switchingView } from './views';

export interface SwitchingRouteDeps extends PoeRebootDeps, SwitchingViewDeps {
  profiles: PortProfiles;
}

export async function switchingRoutes(app: FastifyInstance, deps: SwitchingRouteDeps): Promise<void> {
  const { config, profiles } = deps;
  route(app, E.view, async (request) =>
    switchingView(deps, projectAccessOf(request).projectId, request.params.deviceId),
  );
  route(app, E.profiles, async (request) => portProfilesView(config, projectAccessOf(request).projectId));
  route(app, E.saveProfiles, async (request) =>
    config.save(projectAccessOf(request), {
      kind: 'portProfiles',
      deviceId: null,
      baseVersion: request.body.baseVersion,
      settings: request.body.settings,
    }),
  );
  route(app, E.applyProfile, async (request) => profiles.apply(projectAccessOf(request), request.body));
  route(app, E.deleteProfile, async (request) =>
    profiles.remove(projectAccessOf(request), request.params.profileId, request.query.baseVersion),
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
