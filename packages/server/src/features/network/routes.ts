/** The network routes (domain `networkEndpoints`): the settings view and save, the route table. */
import { networkEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { CommandService } from '../commands';
import type { ConfigApi } from '../config';
import { readRouteTable } from './routeTable';
import { networkView } from './views';

export async function networkRoutes(
  app: FastifyInstance,
  deps: { config: ConfigApi; commands: Pick<CommandService, 'request'>; clock: Clock },
) {
  const { config } = deps;
  route(app, E.view, async (request) => networkView(config, projectAccessOf(request).projectId));
  route(app, E.save, async (request) =>
    config.save(projectAccessOf(request), {
      kind: 'network',
      deviceId: null,
      baseVersion: request.body.baseVersion,
      settings: request.body.settings,
    }),
  );
  route(app, E.routeTable, async (request) => readRouteTable(deps, projectAccessOf(request)));
}
