import { apiKeyEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import type { ApiKeyService } from './service';

/** The routes of My account's API key card (domain `apiKeyEndpoints`); a key never reaches them. */
export async function apiKeyRoutes(app: FastifyInstance, { keys }: { keys: ApiKeyService }): Promise<void> {
  route(app, E.list, async (request) => ({ keys: await keys.list(sessionOf(request).accountId) }));
  route(app, E.create, async (request) => keys.create(sessionOf(request).accountId, request.body));
  route(app, E.revoke, async (request) => {
    await keys.revoke(sessionOf(request).accountId, request.params.keyId);
    return {};
  });
}
