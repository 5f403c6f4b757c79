/** Notification routes (domain `notificationEndpoints`); the guard has checked the manage right. */
import { notificationEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { NotificationService } from './service';

export async function notificationRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationService },
): Promise<void> {
  route(app, E.settings, async (request) => notifications.settings(projectAccessOf(request).projectId));
  route(app, E.create, async (request) =>
    notifications.create(projectAccessOf(request).projectId, request.body),
  );
  route(app, E.update, async (request) =>
    notifications.setLevel(
      projectAccessOf(request).projectId,
      request.params.channelId,
      request.body.minLevel,
    ),
  );
  route(app, E.remove, async (request) =>
    notifications.remove(projectAccessOf(request).projectId, request.params.channelId),
  );
  route(app, E.test, async (request) =>
    notifications.test(projectAccessOf(request).projectId, request.params.channelId),
  );
}
