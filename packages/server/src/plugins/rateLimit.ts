import rateLimit from '@fastify/rate-limit';
import { ERR } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/**
 * Per-IP request limit for the routes registered in the same scope (used for /api/auth/*, on top
 * of the per-number and per-account limits the auth service enforces). Refusals use code 2010.
 * In-memory per node: a coarse guard, not an exact cluster-wide limit.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { perMinute: number }) => {
  await app.register(rateLimit, {
    max: opts.perMinute,
    timeWindow: 60_000,
    errorResponseBuilder: () => new AppError(ERR.REPEATED_CLICK, 429),
  });
});
