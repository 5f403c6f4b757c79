import {
  emptySchema,
  netModeSchema,
  projectInputSchema,
  projectListSchema,
  projectLockRequestSchema,
  projectSchema,
  projectsOverviewSchema,
  projectUpdateSchema,
} from '@netloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/api';
import { sessionOf } from '../../plugins/auth';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { ProjectService } from './service';

const tags = ['projects'];
const idParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'A project id is a positive integer.') });
const listQuery = z.object({
  q: z.string().max(64).optional(),
  netMode: z.coerce.number().pipe(netModeSchema).optional(),
});

export const projectRoutes: FastifyPluginAsyncZod<{ projects: ProjectService }> = async (
  app,
  { projects },
) => {
  app.addHook('preHandler', app.requireSession);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Projects I own or was invited to (?q= search, ?netMode=0|1)',
        querystring: listQuery,
        response: responses(projectListSchema),
      },
    },
    async (request) => ok(await projects.list(sessionOf(request).accountId, request.query)),
  );

  app.get(
    '/overview',
    { schema: { tags, summary: 'Totals across my projects', response: responses(projectsOverviewSchema) } },
    async (request) => ok(await projects.overview(sessionOf(request).accountId)),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a project (140 project limit, 1160 daily limit)',
        body: projectInputSchema,
        response: responses(projectSchema),
      },
    },
    async (request) => ok(await projects.create(sessionOf(request).accountId, request.body)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One project (73 when not a member)',
        params: idParams,
        response: responses(projectSchema),
      },
      preHandler: app.requireProjectRight('r'),
    },
    async (request) => ok(await projects.get(projectAccessOf(request))),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit a project (916 read-only share; 173 locked; netMode fixed once devices exist → 400)',
        params: idParams,
        body: projectUpdateSchema,
        response: responses(projectSchema),
      },
      preHandler: app.requireProjectRight('rw'),
    },
    async (request) => ok(await projects.update(projectAccessOf(request), request.body)),
  );

  app.put(
    '/:id/lock',
    {
      schema: {
        tags,
        summary:
          'Lock or unlock the configuration (owner only, else 403). While locked every change, by anyone, is 173',
        params: idParams,
        body: projectLockRequestSchema,
        response: responses(projectSchema),
      },
      preHandler: app.requireProjectRight('own', { whileLocked: true }),
    },
    async (request) => ok(await projects.setLocked(projectAccessOf(request), request.body.locked)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a project (owner only, else 403; 173 while locked)',
        params: idParams,
        response: responses(emptySchema),
      },
      preHandler: app.requireProjectRight('own'),
    },
    async (request) => {
      await projects.delete(projectAccessOf(request));
      return ok({});
    },
  );
};
