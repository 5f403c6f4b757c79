import { describe, expect, it } from 'vitest';
import * as domain from '../index';
import { PROJECT_API_GROUPS, projectApiGroupOf } from '../menu/apiRoutes';
import type { EndpointSpec } from './endpoint';
import { endpointsOf } from './endpoint';

/** Every `…Endpoints` record domain exports, flattened, with the record's name. */
function allEndpoints(): { name: string; e: EndpointSpec }[] {
  return Object.entries(domain)
    .filter(([name, value]) => name.endsWith('Endpoints') && typeof value === 'object' && value !== null)
    .flatMap(([name, group]) =>
      endpointsOf(group as Record<string, EndpointSpec>).map((e) => ({
        name: `${name} ${e.method} ${e.path}`,
        e,
      })),
    );
}

const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);

describe('the HTTP contract', () => {
  const endpoints = allEndpoints();

  it('declares each method and path once', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    const keys = endpoints.map(({ e }) => `${e.method} ${e.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('names, for a project endpoint, the API group its path falls in (the guard reads the name)', () => {
    const wrong = endpoints.filter(({ e }) => {
      const byPath = projectApiGroupOf(e.path);
      if (typeof e.auth !== 'object') return byPath !== null && e.path.startsWith('/api/projects/:');
      return e.group === undefined || PROJECT_API_GROUPS[e.group] !== byPath;
    });
    expect(wrong.map((w) => w.name)).toEqual([]);
  });

  it('validates every path parameter it names, and the project ones with the shared project id', () => {
    for (const { name, e } of endpoints) {
      const names = paramNames(e.path);
      if (names.length === 0) continue;
      expect(e.params, name).toBeDefined();
      const shape = (e.params as unknown as { shape: Record<string, unknown> }).shape;
      expect(Object.keys(shape).sort(), name).toEqual([...names].sort());
      if (e.path.startsWith('/api/projects/:id')) expect(shape.id, name).toBe(domain.projectIdParamSchema);
    }
  });
});
