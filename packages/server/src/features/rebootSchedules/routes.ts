/** The reboot schedule routes (domain `rebootScheduleEndpoints`): thin, the rules are the service's. */
import { rebootScheduleEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { RebootScheduleService } from './service';

export async function rebootScheduleRoutes(
  app: FastifyInstance,
  { service }: { service: RebootScheduleService },
) {
  route(app, E.list, async (request) => service.list(projectAccessOf(request).projectId));
  route(app, E.create, async (request) => service.create(projectAccessOf(request), request.body));
  route(app, E.update, async (request) =>
    service.update(projectAccessOf(request), request.params.scheduleId, request.body),
  );
  route(app, E.remove, async (request) =>
    service.remove(projectAccessOf(request), request.params.scheduleId),
  );
}
