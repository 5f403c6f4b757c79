/**
 * The HTTP contract once (docs/architecture.md "Request path"): the app serves every endpoint domain
 * declares, and no `/api` route that domain does not declare — except the plain routes named here,
 * each of which says in its own file why it is not an `endpoint()`.
 */
import * as domain from '@netloom/domain';
import { type EndpointSpec, endpointsOf } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness';

/** Plain routes: the live WebSocket, the Prometheus text of operations, the OpenAPI document itself. */
const PLAIN_API_ROUTES = [
  '/api/live',
  '/api/internal/metrics',
  // Browser tests' clock (CLOCK_CONTROL only, loopback only): not an API of the product.
  '/api/internal/clock',
  '/api/openapi.json',
  // Remote management's device tunnel (a WebSocket; docs/protocol.md §7.4).
  '/api/remote/tunnel/:sessionId',
];
/** The Swagger UI of that document (its plugin's own routes). */
const DOCS_PREFIX = '/api/docs';

function declaredEndpoints(): EndpointSpec[] {
  return Object.entries(domain)
    .filter(([name, value]) => name.endsWith('Endpoints') && typeof value === 'object' && value !== null)
    .flatMap(([, group]) => endpointsOf(group as Record<string, EndpointSpec>));
}

/** Full route paths from Fastify's route tree ("├── /seg (GET)" lines, 4 characters per level). */
function routePaths(tree: string): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)/.exec(line);
    if (!m?.[2]) continue;
    stack.length = (m[1] ?? '').length / 4;
    stack.push(m[2]);
    paths.push(stack.join('').replace(/\/{2,}/g, '/'));
  }
  return paths;
}

describe('the app serves the HTTP contract of domain, and only it', () => {
  const t = useTestApp('sqlite', { env: { METRICS_ENABLED: 'true' } });

  it('registers every declared endpoint with its method and path', () => {
    const endpoints = declaredEndpoints();
    expect(endpoints.length).toBeGreaterThan(70);
    const missing = endpoints.filter((e) => !t().app.hasRoute({ method: e.method, url: e.path }));
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('has no /api route outside the declared endpoints but the plain ones', () => {
    const declared = new Set(declaredEndpoints().map((e) => e.path));
    const routes = routePaths(t().app.printRoutes({ commonPrefix: false }))
      .filter((p) => p.startsWith('/api/'))
      // `/api/projects/` answers like `/api/projects` (trailing-slash twins of declared paths).
      .map((p) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p));
    const stray = [...new Set(routes)].filter(
      (p) => !declared.has(p) && !PLAIN_API_ROUTES.includes(p) && !p.startsWith(DOCS_PREFIX),
    );
    expect(stray).toEqual([]);
  });
});
