/** The wireless routes (domain `wirelessEndpoints`): the Wi-Fi policies view and save. */
import { wirelessEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { ConfigApi } from '../config';
import { wirelessView } from './views';

export async function wirelessRoutes(app: FastifyInstance, { config }: { config: ConfigApi }): Promise<void> {
  route(app, E.view, async (request) => wirelessView(config, projectAccessOf(request).projectId));
  route(app, E.save, async (request) =>
    config.save(projectAccessOf(request), {
      kind: 'wireless',
      deviceId: null,
      baseVersion: request.body.baseVersion,
      settings: request.body.settings,
    }),
  );
}
