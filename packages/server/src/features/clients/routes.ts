import { clientEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import { toCommandJob } from '../commands';
import type { ClientService } from './service';

/** Client routes (domain `clientEndpoints`): the online client list and force-offline. */
export async function clientRoutes(app: FastifyInstance, { clients }: { clients: ClientService }) {
  route(app, E.list, async (request) => clients.list(projectAccessOf(request), request.query));
  route(app, E.kick, async (request) =>
    toCommandJob(await clients.kick(projectAccessOf(request), request.params.mac, request.query.deviceId)),
  );
}
