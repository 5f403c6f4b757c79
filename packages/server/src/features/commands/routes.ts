import { commandEndpoints as E, ERR } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import { type CommandJobs, toCommandJob } from './service';

/** `GET /api/projects/:id/commands/:commandId`: the UI restores a job's progress after a reload. */
export async function commandRoutes(app: FastifyInstance, { jobs }: { jobs: CommandJobs }): Promise<void> {
  route(app, E.get, async (request) => {
    const row = await jobs.get(request.params.commandId);
    // Another project's job is answered like a missing one: ids are not a way to probe.
    if (!row || row.project_id !== projectAccessOf(request).projectId) throw new AppError(ERR.NOT_EXIST);
    return toCommandJob(row);
  });
}
