import { ERR } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** Where the first NUL character is in a request's parameters, query or body, or null. */
function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // not a rule: deeper than any body the schemas take (the JSON parser's own nesting bound is looser).
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = nulAt(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A NUL character is never text a person typed, and PostgreSQL cannot store one in a text column
 * (SQLite can, and file paths cannot hold one): a request carrying one in a path parameter, the
 * query or a JSON body is refused with 400 and the field's path, after the route's guards (a caller
 * who may not use the route still gets that answer first), before any handler sees it.
 */
export const nulTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const at = nulAt(value, '');
      if (at !== null)
        throw new AppError(ERR.INVALID_PARAMETERS, 400, [
          { path: part === 'body' ? at : `${part}.${at}`, message: 'Text must not contain a NUL character.' },
        ]);
    }
  });
});
