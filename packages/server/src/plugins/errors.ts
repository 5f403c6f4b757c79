import { ERR, type ErrorEnvelope, errorMessage, type FieldIssue } from '@netloom/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

export function envelope(code: number, issues?: FieldIssue[]): ErrorEnvelope {
  return issues && issues.length > 0
    ? { code, message: errorMessage(code), issues }
    : { code, message: errorMessage(code) };
}

function issuePath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

/** Codes for errors raised by Fastify itself or its plugins (bad JSON, wrong content type…). */
function codeForStatus(status: number): number {
  if (status === 401) return ERR.NOT_SIGNED_IN;
  if (status === 403) return ERR.NO_PERMISSION;
  if (status === 404) return ERR.NOT_EXIST;
  if (status === 429) return ERR.REPEATED_CLICK;
  return ERR.INVALID_PARAMETERS;
}

/**
 * The one place errors become responses: `AppError(code)` and zod validation failures turn into
 * `{ code, message, issues? }` with the catalogue message. Unknown errors are logged and answer 2000.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body = envelope(error.code, error.issues);
      return reply
        .status(error.statusCode)
        .send(error.data === undefined ? body : { ...body, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: issuePath(v.instancePath),
        message: v.message ?? '',
      }));
      return reply.status(400).send(envelope(ERR.INVALID_PARAMETERS, issues));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(envelope(ERR.SERVER_ERROR));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // e.g. malformed JSON (FST_ERR_CTP_INVALID_JSON_BODY), body too large, unsupported media type.
      request.log.info({ code: error.code, message: error.message }, 'request refused');
      const issues = status === 400 ? [{ path: '', message: error.message }] : undefined;
      return reply.status(status).send(envelope(codeForStatus(status), issues));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelope(ERR.SERVER_ERROR));
  });
});
