/**
 * The declared HTTP contract, walked by the tests that must cover every route (tenant isolation, the
 * fuzz test): every endpoint domain declares, and its URL with the parameters filled.
 */
import * as domain from '@netloom/domain';
import { type EndpointSpec, endpointsOf } from '@netloom/domain';

/** Every endpoint of every `…Endpoints` group domain exports. */
export function declaredEndpoints(): EndpointSpec[] {
  return Object.entries(domain)
    .filter(([name, value]) => name.endsWith('Endpoints') && typeof value === 'object' && value !== null)
    .flatMap(([, group]) => endpointsOf(group as Record<string, EndpointSpec>));
}

/** The project-scoped ones (`auth: { project }`). */
export function projectEndpoints(): EndpointSpec[] {
  return declaredEndpoints().filter((e) => typeof e.auth === 'object');
}

/** The path with its parameters filled: the project's id and plausible values for the rest (or `overrides`). */
export function urlOf(
  e: Pick<EndpointSpec, 'path'>,
  projectId: number,
  deviceId: number,
  overrides: Record<string, string> = {},
): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const given = overrides[name];
    if (given !== undefined) return given;
    if (name === 'id' || name === 'projectId') return String(projectId);
    if (name === 'deviceId') return String(deviceId);
    if (name === 'mac') return encodeURIComponent('40:00:00:00:00:01');
    if (name === 'sn') return 'NLT000000000000001';
    return '1';
  });
}
