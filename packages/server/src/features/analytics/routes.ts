import type { Readable } from 'node:stream';
import {
  ANALYTICS_CONTENT_TYPE,
  ANALYTICS_HEADERS,
  ANALYTICS_MAX_BODY_BYTES,
  ANALYTICS_UPLOAD_PATH,
  analyticsEndpoints as E,
  ERR,
} from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/api';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import { readCapped } from './inflate';
import type { AnalyticsService } from './service';

function header(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * `POST /upload/app-data/v2` (domain `ANALYTICS_UPLOAD_PATH`): outside `/api` and outside the OpenAPI
 * document (not a JSON call). Its own scope takes every content type as a raw stream, so the service
 * sees the gzip bytes as signed and the body is read with a cap, never buffered whole first.
 */
async function uploadRoute(app: FastifyInstance, analytics: AnalyticsService): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.post(ANALYTICS_UPLOAD_PATH, { schema: { hide: true } }, async (request) => {
    const type = header(request.headers['content-type'])?.split(';')[0]?.trim().toLowerCase();
    if (type !== ANALYTICS_CONTENT_TYPE) throw new AppError(ERR.ANALYTICS_CONTENT_TYPE, 415);
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > ANALYTICS_MAX_BODY_BYTES) throw new AppError(ERR.ANALYTICS_TOO_LARGE, 413);
    const read = await readCapped(request.body as Readable, ANALYTICS_MAX_BODY_BYTES);
    if (!read.ok) throw new AppError(ERR.ANALYTICS_TOO_LARGE, 413);
    const result = await analytics.ingest({
      terminalId: header(request.headers[ANALYTICS_HEADERS.terminal]),
      timestamp: header(request.headers[ANALYTICS_HEADERS.timestamp]),
      signature: header(request.headers[ANALYTICS_HEADERS.signature]),
      body: read.bytes,
    });
    return ok(result);
  });
}

/** Analytics routes: the terminal key, the data pivot (manufacturer only, 403) and the upload. */
export async function analyticsRoutes(app: FastifyInstance, { analytics }: { analytics: AnalyticsService }) {
  route(app, E.terminal, async (request) => {
    const s = sessionOf(request);
    return analytics.issueTerminal(s.accountId, s.id);
  });
  route(app, E.pivot, async (request) => {
    await analytics.requirePivotViewer(sessionOf(request).accountId);
    return analytics.pivot(request.query);
  });
  await app.register((scope) => uploadRoute(scope, analytics));
}
