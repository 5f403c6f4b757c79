import { clientEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import { toCommandJob } from '../commands';
import type { ClientPanel } from './panel';
import type { ClientService } from './service';

/** Client routes (domain `clientEndpoints`): the online client list, force-offline, the client panel. */
export async function clientRoutes(
  app: FastifyInstance,
  { clients, panel }: { clients: ClientService; panel: ClientPanel },
) {
  route(app, E.list, async (request) => clients.list(projectAccessOf(request), request.query));
  route(app, E.kick, async (request) =>
    toCommandJob(await clients.kick(projectAccessOf(request), request.params.mac, request.query.deviceId)),
  );
  route(app, E.detail, async (request) => panel.detail(projectAccessOf(request), request.params.mac));
  route(app, E.alias, async (request) =>
    panel.setAlias(projectAccessOf(request), request.params.mac, request.body.alias),
  );
}
