/** Alarm routes under `/api/projects`: `/:id/alarms…` (list, bell, mark read, CSV export). */
import {
  alarmFilterSchema,
  alarmListQuerySchema,
  alarmListSchema,
  alarmMarkReadResultSchema,
  alarmMarkReadSchema,
  alarmUnreadSchema,
} from '@netloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/api';
import { projectAccessOf } from '../projects/access';
import type { AlarmService } from './service';

const tags = ['alarms'];
const params = z.object({ id: z.string().regex(/^\d{1,15}$/, 'A project id is a positive integer.') });

export const alarmRoutes: FastifyPluginAsyncZod<{ alarms: AlarmService }> = async (app, { alarms }) => {
  app.addHook('preHandler', app.requireSession);
  const read = app.requireProjectRight('r');
  // Read flags are the project's, shared by its members: changing them needs the manage right (916
  // for a read-only member), and the demo guard refuses it in demo projects (405) like every change.
  const write = app.requireProjectRight('rw');

  app.get(
    '/:id/alarms',
    {
      schema: {
        tags,
        summary:
          'Alarms (or ?kind=log|all events), newest first: filters severity, read (0/1), deviceId, from/to (epoch ms), q; page, pageSize',
        params,
        querystring: alarmListQuerySchema,
        response: responses(alarmListSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await alarms.list(projectAccessOf(request).projectId, request.query)),
  );

  app.get(
    '/:id/alarms/unread',
    {
      schema: {
        tags,
        summary: 'Unread alarm count and the newest unread alarms (the header bell)',
        params,
        response: responses(alarmUnreadSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await alarms.unread(projectAccessOf(request).projectId)),
  );

  app.post(
    '/:id/alarms/read',
    {
      schema: {
        tags,
        summary: 'Mark alarms read: { ids } or { all: true, deviceId? } (916 read-only member, 405 demo)',
        params,
        body: alarmMarkReadSchema,
        response: responses(alarmMarkReadResultSchema),
      },
      preHandler: write,
    },
    async (request) => ok(await alarms.markRead(projectAccessOf(request).projectId, request.body)),
  );

  app.get(
    '/:id/alarms/export.csv',
    {
      schema: {
        tags,
        summary: 'Download the filtered alarms as CSV, newest first, at most 50,000 rows (§9)',
        params,
        querystring: alarmFilterSchema,
      },
      preHandler: read,
    },
    async (request, reply) => {
      const { projectId } = projectAccessOf(request);
      const csv = await alarms.exportCsv(projectId, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="alarms-${projectId}-${day}.csv"`)
        .send(csv);
    },
  );
};
