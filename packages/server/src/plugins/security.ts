import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every response (a maintained plugin, @fastify/helmet): nosniff, no framing by
 * other sites (X-Frame-Options DENY; the console's page adds CSP frame-ancestors, see web.ts),
 * Referrer-Policy no-referrer, HSTS (honoured by browsers over HTTPS only), cross-origin isolation
 * of the opener and resources. The Content-Security-Policy is the console page's own (web.ts
 * `documentCsp`): it depends on the built page, and the API's JSON and the API documentation page
 * need none.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
});
