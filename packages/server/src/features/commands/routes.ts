import { commandJobSchema, ERR } from '@netloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/api';
import { AppError } from '../../lib/errors';
import { projectAccessOf } from '../../plugins/projectAccess';
import { type CommandService, toCommandJob } from './service';

const params = z.object({
  id: z.string().regex(/^\d{1,15}$/, 'A project id is a positive integer.'),
  commandId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});

/** `GET /api/projects/:id/commands/:commandId`: the UI restores a job's progress after a reload. */
export const commandRoutes: FastifyPluginAsyncZod<{ commands: CommandService }> = async (
  app,
  { commands },
) => {
  app.get(
    '/api/projects/:id/commands/:commandId',
    {
      schema: {
        tags: ['commands'],
        summary: 'A device command job: status, stage, percent, result code (412 if unknown)',
        params,
        response: responses(commandJobSchema),
      },
      preHandler: [app.requireSession, app.requireProjectRight('r')],
    },
    async (request) => {
      const row = await commands.get(request.params.commandId);
      // Another project's job is answered like a missing one: ids are not a way to probe.
      if (!row || row.project_id !== projectAccessOf(request).projectId) throw new AppError(ERR.NOT_EXIST);
      return ok(toCommandJob(row));
    },
  );
};
