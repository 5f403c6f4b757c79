/**
 * The engine's routes (domain `configEndpoints`): delivery status, history, diff, restore, audit and
 * "retry delivery". Each kind's view and save are registered by its own feature.
 */
import { configEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { ConfigHistory } from './history';
import type { DeliveryRetry } from './retry';
import type { ConfigSaves } from './save';

export interface ConfigRoutesDeps {
  saves: ConfigSaves;
  history: ConfigHistory;
  retry: DeliveryRetry;
}

export async function configRoutes(app: FastifyInstance, { saves, history, retry }: ConfigRoutesDeps) {
  const projectOf = (request: Parameters<typeof projectAccessOf>[0]) => projectAccessOf(request).projectId;
  route(app, E.status, async (request) => history.status(projectOf(request)));
  route(app, E.revisions, async (request) => history.revisions(projectOf(request), request.query));
  route(app, E.revision, async (request) => history.revision(projectOf(request), request.params.revisionId));
  route(app, E.diff, async (request) =>
    history.diff(projectOf(request), request.query.from, request.query.to),
  );
  route(app, E.restore, async (request) =>
    saves.restore(projectAccessOf(request), request.params.revisionId, request.body.baseVersion),
  );
  route(app, E.audit, async (request) => history.audit(projectOf(request), request.query));
  route(app, E.retry, async (request) =>
    retry.retryDelivery(projectAccessOf(request), request.body.deviceIds),
  );
}
