import { apiKeyReaches, projectEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { ProjectService } from './service';

/**
 * Project routes (domain `projectEndpoints`): list, create, read, edit, lock, delete. The overview
 * across the caller's projects counts what other features keep: the monitoring feature serves it.
 */
export async function projectRoutes(app: FastifyInstance, { projects }: { projects: ProjectService }) {
  // `/api/projects/` answered too when these were registered under a prefix: kept so no client breaks.
  route(
    app,
    E.list,
    async (request) => {
      const session = sessionOf(request);
      const list = await projects.list(session.accountId, request.query);
      // An API key limited to projects lists only those (issue 14 §6).
      const key = session.apiKey;
      if (!key) return list;
      const items = list.items.filter((p) => apiKeyReaches(key, p.id));
      return { items, total: items.length };
    },
    { trailingSlash: true },
  );
  route(app, E.create, async (request) => projects.create(sessionOf(request).accountId, request.body), {
    trailingSlash: true,
  });
  route(app, E.get, async (request) => projects.get(projectAccessOf(request)));
  route(app, E.update, async (request) => projects.update(projectAccessOf(request), request.body));
  route(app, E.lock, async (request) => projects.setLocked(projectAccessOf(request), request.body.locked));
  route(app, E.delete, async (request) => {
    await projects.delete(projectAccessOf(request));
    return {};
  });
}
