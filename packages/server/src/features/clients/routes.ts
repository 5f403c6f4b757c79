/** `GET /api/projects/:id/clients`, `POST /api/projects/:id/clients/:mac/kick`. */
import {
  clientListQuerySchema,
  clientListSchema,
  clientMacParamSchema,
  commandJobSchema,
  kickClientQuerySchema,
} from '@netloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/api';
import { projectAccessOf } from '../../plugins/projectAccess';
import { toCommandJob } from '../commands';
import type { ClientService } from './service';

const tags = ['clients'];
const projectId = z.string().regex(/^\d{1,15}$/, 'A project id is a positive integer.');

export const clientRoutes: FastifyPluginAsyncZod<{ clients: ClientService }> = async (app, { clients }) => {
  app.addHook('preHandler', app.requireSession);

  app.get(
    '/:id/clients',
    {
      schema: {
        tags,
        summary: 'Online clients of the project: search, filters, sort, pagination',
        params: z.object({ id: projectId }),
        querystring: clientListQuerySchema,
        response: responses(clientListSchema),
      },
      preHandler: app.requireProjectRight('r'),
    },
    async (request) => ok(await clients.list(projectAccessOf(request), request.query)),
  );

  app.post(
    '/:id/clients/:mac/kick',
    {
      schema: {
        tags,
        summary: 'Force a client offline (a kickClient command; 36 device offline, 916 read-only)',
        params: z.object({ id: projectId, mac: clientMacParamSchema }),
        querystring: kickClientQuerySchema,
        response: responses(commandJobSchema),
      },
      preHandler: app.requireProjectRight('rw'),
    },
    async (request) =>
      ok(
        toCommandJob(
          await clients.kick(projectAccessOf(request), request.params.mac, request.query.deviceId),
        ),
      ),
  );
};
