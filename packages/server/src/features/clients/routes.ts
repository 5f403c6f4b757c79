import { clientEndpoints as E, tracebackEndpoints as T } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import { toCommandJob } from '../commands';
import type { ClientPanel } from './panel';
import type { ClientService } from './service';
import type { ClientTraceback } from './traceback';

/** Client routes (domain `clientEndpoints`, `tracebackEndpoints`): the list, force-offline, the panel, traceback. */
export async function clientRoutes(
  app: FastifyInstance,
  { clients, panel, traceback }: { clients: ClientService; panel: ClientPanel; traceback: ClientTraceback },
) {
  route(app, E.list, async (request) => clients.list(projectAccessOf(request), request.query));
  route(app, E.kick, async (request) =>
    toCommandJob(await clients.kick(projectAccessOf(request), request.params.mac, request.query.deviceId)),
  );
  route(app, E.detail, async (request) => panel.detail(projectAccessOf(request), request.params.mac));
  route(app, E.alias, async (request) =>
    panel.setAlias(projectAccessOf(request), request.params.mac, request.body.alias),
  );
  route(app, T.traceback, async (request) =>
    traceback.of(projectAccessOf(request), request.params.mac, request.query.range),
  );
}
