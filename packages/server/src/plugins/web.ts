import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERR } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { documentCsp } from './documentCsp';
import { envelope } from './errors';

const NO_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Netloom</title></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem">
<h1>Netloom</h1>
<p>The web console has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>) and reload.</p>
<p>The API is available under <a href="/api/docs">/api/docs</a>.</p>
</body></html>`;

/**
 * Serves the built SPA from WEB_DIR. Any GET outside /api that is not a file gets index.html so
 * the client router handles it; unknown /api paths answer the JSON envelope (404, code 412).
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDir: string }) => {
  const indexPath = path.join(opts.webDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  const csp = hasBuild ? documentCsp(indexPath) : () => '';
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.webDir,
      // Resolve files per request (not a route per file found at start-up), so a rebuild of the web
      // app while the server runs serves the new bundle instead of 404s on its new chunk names.
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        // Vite puts content-hashed files under assets/: they never change, so cache them forever.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The root is a directory to the static handler (refused without an index): it is the SPA.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', csp())
        .sendFile('index.html'),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(envelope(ERR.NOT_EXIST));
    }
    if (!hasBuild) return reply.type('text/html; charset=utf-8').send(NO_BUILD_PAGE);
    // A missing asset is a real 404, not the SPA (a stale tab asking for an old bundle).
    if (pathname.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp())
      .sendFile('index.html');
  });
});
