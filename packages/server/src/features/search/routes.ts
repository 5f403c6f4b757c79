import { searchEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import type { SearchService } from './service';

/** `GET /api/search` (domain `searchEndpoints`): any signed-in account, over its own projects. */
export async function searchRoutes(app: FastifyInstance, { search }: { search: SearchService }) {
  route(app, E.search, async (request) =>
    search.search(sessionOf(request), request.query.q, request.query.projectId),
  );
}
