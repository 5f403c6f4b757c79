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
import { type ReadOutcome, readCapped } from './inflate';
import type { AnalyticsService } from './service';

function header(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The upload's body as its content-type parser read it: the bytes, or why they were not read. Its
 * fields are private, so hooks that walk request bodies (the NUL check) see an empty object, never
 * the bytes or the request stream.
 */
class RawUpload {
  readonly #read: ReadOutcome;
  constructor(read: ReadOutcome) {
    this.#read = read;
  }
  get read(): ReadOutcome {
    return this.#read;
  }
}

/**
 * `POST /upload/app-data/v2` (domain `ANALYTICS_UPLOAD_PATH`): outside `/api` and outside the OpenAPI
 * document (not a JSON call). Its own scope reads every content type as raw bytes with a cap (never
 * more than `ANALYTICS_MAX_BODY_BYTES` is buffered), so the service sees the gzip bytes as signed.
 */
async function uploadRoute(app: FastifyInstance, analytics: AnalyticsService): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    async (_request: unknown, payload: Readable) =>
      new RawUpload(await readCapped(payload, ANALYTICS_MAX_BODY_BYTES)),
  );
  app.post(ANALYTICS_UPLOAD_PATH, { schema: { hide: true } }, async (request, reply) => {
    const type = header(request.headers['content-type'])?.split(';')[0]?.trim().toLowerCase();
    const read = request.body instanceof RawUpload ? request.body.read : null;
    // A body left unread (too large) cannot be answered on a connection that goes on: close it.
    if (read && !read.ok) reply.header('connection', 'close');
    if (type !== ANALYTICS_CONTENT_TYPE) throw new AppError(ERR.ANALYTICS_CONTENT_TYPE, 415);
    if (!read?.ok) throw new AppError(ERR.ANALYTICS_TOO_LARGE, 413);
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
