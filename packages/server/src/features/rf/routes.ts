import { rfRunSchema, rfViewSchema } from '@netloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/api';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { RfService } from './service';

const tags = ['rf'];
const projectParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'A project id is a positive integer.') });
const runParams = projectParams.extend({ runId: z.coerce.number().int().positive().max(2_147_483_647) });

/** The RF optimisation API (domain `api/rf.ts`), under `/api/projects`. */
export const rfRoutes: FastifyPluginAsyncZod<{ rf: RfService }> = async (app, { rf }) => {
  app.addHook('preHandler', app.requireSession);
  const read = app.requireProjectRight('r');
  const write = app.requireProjectRight('rw');

  app.get(
    '/:id/rf',
    {
      schema: {
        tags,
        summary:
          'RF optimisation: online/total APs, the running run, the latest 20 records, next automatic run',
        params: projectParams,
        response: responses(rfViewSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await rf.view(projectAccessOf(request).projectId)),
  );

  app.post(
    '/:id/rf/runs',
    {
      schema: {
        tags,
        summary:
          'Start an RF optimisation (27 one is running, 2104 fewer than 2 online APs, 913 mesh project)',
        params: projectParams,
        response: responses(rfRunSchema),
      },
      preHandler: write,
    },
    async (request) => {
      const access = projectAccessOf(request);
      return ok(await rf.startRun(access.projectId, access.accountId, 'manual'));
    },
  );

  app.get(
    '/:id/rf/runs/:runId',
    {
      schema: {
        tags,
        summary: 'One RF optimisation run: stage, percent, noise before/after, per-radio changes (412)',
        params: runParams,
        response: responses(rfRunSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await rf.run(projectAccessOf(request).projectId, request.params.runId)),
  );
};
