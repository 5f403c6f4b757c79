/** Alarm routes (domain `alarmEndpoints`): list, bell, mark read, CSV export. */
import { alarmEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { AlarmService } from './service';

export async function alarmRoutes(app: FastifyInstance, { alarms }: { alarms: AlarmService }): Promise<void> {
  route(app, E.list, async (request) => alarms.list(projectAccessOf(request).projectId, request.query));
  route(app, E.unread, async (request) => alarms.unread(projectAccessOf(request).projectId));
  route(app, E.markRead, async (request) =>
    alarms.markRead(projectAccessOf(request).projectId, request.body),
  );
  route(app, E.exportCsv, async (request, reply) => {
    const { projectId } = projectAccessOf(request);
    const csv = await alarms.exportCsv(projectId, request.query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="alarms-${projectId}-${day}.csv"`)
      .send(csv);
  });
}
