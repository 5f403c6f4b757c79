/** System log routes (domain `runlogEndpoints`): the log, its accounts, the CSV export, the retention. */
import { runlogEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { RunlogService } from './service';

export async function runlogRoutes(
  app: FastifyInstance,
  { runlog }: { runlog: RunlogService },
): Promise<void> {
  route(app, E.list, async (request) => runlog.list(projectAccessOf(request).projectId, request.query));
  route(app, E.accounts, async (request) => runlog.accounts(projectAccessOf(request).projectId));
  route(app, E.exportCsv, async (request, reply) => {
    const { projectId } = projectAccessOf(request);
    const stream = await runlog.exportCsv(projectId, request.query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="log-${projectId}-${day}.csv"`)
      .send(stream);
  });
  route(app, E.settings, async (request) => runlog.settings(projectAccessOf(request)));
  route(app, E.saveSettings, async (request) =>
    runlog.saveSettings(projectAccessOf(request), request.body.retentionDays),
  );
}
