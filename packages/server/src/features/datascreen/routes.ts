import { dataScreenEndpoints as E, PLACE_SEARCH_MAX_RESULTS } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import type { Gazetteer } from './gazetteer';
import type { DataScreenService } from './service';

/**
 * `/api/datascreen…` (domain `dataScreenEndpoints`): the data screen across the caller's projects,
 * the account's settings, and the gazetteer search of the project form's location picker. Session
 * routes: what they read is limited to the caller's own projects and settings.
 */
export async function dataScreenRoutes(
  app: FastifyInstance,
  { service, gazetteer }: { service: DataScreenService; gazetteer: Gazetteer },
): Promise<void> {
  route(app, E.summary, async (request) => service.summary(sessionOf(request).accountId));
  route(app, E.settings, async (request) => service.settings(sessionOf(request).accountId));
  route(app, E.saveSettings, async (request) => service.save(sessionOf(request).accountId, request.body));
  route(app, E.places, async (request) => ({
    items: await gazetteer.search(request.query.q, PLACE_SEARCH_MAX_RESULTS),
  }));
}
