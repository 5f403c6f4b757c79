/**
 * The RF routes (domain `rfEndpoints`): the `rf` settings and a device's `radio` settings (views
 * and saves), and the optimisation runs (overview, start, one run).
 */
import { rfEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { ConfigApi } from '../config';
import type { RfService } from './service';
import { radioView, rfSettingsView } from './views';

export async function rfRoutes(app: FastifyInstance, deps: { config: ConfigApi; runs: RfService }) {
  const { config, runs } = deps;
  route(app, E.settings, async (request) => rfSettingsView(deps, projectAccessOf(request).projectId));
  route(app, E.saveSettings, async (request) =>
    config.save(projectAccessOf(request), {
      kind: 'rf',
      deviceId: null,
      baseVersion: request.body.baseVersion,
      settings: request.body.settings,
    }),
  );
  route(app, E.radio, async (request) =>
    radioView(deps, projectAccessOf(request).projectId, request.params.deviceId),
  );
  route(app, E.saveRadio, async (request) =>
    config.save(projectAccessOf(request), {
      kind: 'radio',
      deviceId: request.params.deviceId,
      baseVersion: request.body.baseVersion,
      settings: request.body.settings,
    }),
  );
  route(app, E.overview, async (request) => runs.view(projectAccessOf(request).projectId));
  route(app, E.startRun, async (request) => {
    const access = projectAccessOf(request);
    return runs.startRun(access.projectId, access.accountId, 'manual');
  });
  route(app, E.run, async (request) => runs.run(projectAccessOf(request).projectId, request.params.runId));
}
