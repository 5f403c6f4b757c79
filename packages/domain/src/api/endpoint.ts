/**
 * The HTTP contract, declared once: every endpoint is one record here in domain — method, path,
 * who may call it, the menu group it serves, and the zod schemas of its params, query, body and
 * response data. The server registers its routes from these records (and the OpenAPI document is
 * generated from the same schemas); the web calls them through one typed function that builds the
 * URL. Nothing else spells an API path.
 */
import type { z } from 'zod';
import type { ProjectApiGroupName } from '../menu/apiRoutes';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The right a project-scoped endpoint needs: any member, a member who may change it, the owner. */
export type ProjectRightNeeded = 'r' | 'rw' | 'own';

/**
 * Who may call an endpoint:
 * - `public`: anyone (sign-in, registration, the live demo's entry);
 * - `session`: a signed-in account;
 * - `{ project }`: a member of the project named by the path's `:id` with at least that right;
 *   `whileLocked` lets a change through on a project its owner locked (unlocking it).
 */
export type EndpointAuth = 'public' | 'session' | { project: ProjectRightNeeded; whileLocked?: boolean };

/** What a success carries: JSON data in the `{ code: 0, data }` envelope, or a file download. */
export type EndpointResponse = z.ZodType | 'file';

export interface EndpointSpec {
  method: HttpMethod;
  /** The full path with `:name` parameters, e.g. `/api/projects/:id/alarms`. */
  path: string;
  /** One line for the OpenAPI document: what it does and the codes it refuses with. */
  summary: string;
  /** OpenAPI tag (the feature). */
  tag: string;
  auth: EndpointAuth;
  /**
   * Project endpoints: the API group whose menu items it serves (domain `PROJECT_API_GROUPS`); the
   * server refuses the call when the session's menu hides them all.
   */
  group?: ProjectApiGroupName;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The body the OpenAPI document shows when it is more exact than `body`, which the route checks
   * before the handler runs. A configuration save declares `settings` loosely there and checks it
   * with its kind's schema inside the save (400 with the same issues, paths relative to the
   * document); the document shows that schema, so an API client can be generated from it.
   */
  documentedBody?: z.ZodType;
  /**
   * The body is `multipart/form-data` (an upload), not JSON: the caller sends `FormData` and the
   * route reads the stream itself, so no `body` schema is declared.
   */
  multipart?: boolean;
  response: EndpointResponse;
}

/**
 * Declares an endpoint. The record is returned as it is, typed exactly, so the server and the web
 * infer params, body and data from it. A project endpoint must name its API group.
 */
export function endpoint<const E extends EndpointSpec>(
  e: E & (E['auth'] extends { project: ProjectRightNeeded } ? { group: ProjectApiGroupName } : unknown),
): E {
  return e;
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The `:name` parameters of an endpoint's path, as the web fills them. */
export type EndpointPathParams<E extends Pick<EndpointSpec, 'path'>> = {
  [K in ParamNames<E['path']>]: string | number;
};
/** The query an endpoint takes (what the web sends), or never. */
export type EndpointQuery<E extends EndpointSpec> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : never;
/** The JSON body an endpoint takes (what the web sends), or never. */
export type EndpointBody<E extends EndpointSpec> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
/** The data of an endpoint's success envelope (what the web receives). */
export type EndpointData<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : Blob;

/**
 * What a caller passes to call an endpoint: `params` when its path has any, `query` when it takes
 * one, `body` when it takes one (`FormData` for an upload).
 */
export type EndpointInput<E extends EndpointSpec> = ([ParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: EndpointPathParams<E> }) &
  (E['query'] extends z.ZodType ? { query?: EndpointQuery<E> } : { query?: undefined }) &
  (E['multipart'] extends true
    ? { body: FormData }
    : E['body'] extends z.ZodType
      ? { body: EndpointBody<E> }
      : { body?: undefined });

/** A query value as the URL carries it; arrays repeat the key, `undefined` and `''` are left out. */
type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** The query string of `query` (with its `?`), or `''` when nothing is set. */
export function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The URL of an endpoint: its path with every `:name` replaced (URI-encoded) and the query
 * appended. Throws when a parameter is missing, so a broken call fails loudly in tests.
 */
export function endpointUrl<E extends EndpointSpec>(
  e: E,
  params: EndpointPathParams<E>,
  query?: Readonly<Record<string, QueryValue>>,
): string {
  const values = params as Record<string, string | number>;
  const path = e.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined || v === '') throw new Error(`${e.method} ${e.path}: parameter "${name}" is missing`);
    return encodeURIComponent(String(v));
  });
  return `${path}${queryString(query)}`;
}

/** Every endpoint of a record of endpoints (a feature's `…Endpoints` object), in declaration order. */
export function endpointsOf(group: Readonly<Record<string, EndpointSpec>>): EndpointSpec[] {
  return Object.values(group);
}
