import type { EndpointSpec } from '@netloom/domain';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  preHandlerHookHandler,
  preValidationHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, responses } from './api';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The domain endpoint a route was registered from (for hooks and tests that look at routes). */
    endpoint?: EndpointSpec;
  }
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : unknown;

/** A request of an endpoint: params, query and body as its schemas parsed them. */
export type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/** What a handler returns: the success data (wrapped in `{ code: 0, data }`), or the reply of a download. */
export type EndpointResult<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : FastifyReply;

export type EndpointHandler<E extends EndpointSpec> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResult<E>>;

/** Route options an endpoint does not declare: body size, rate limits, extra preHandlers. */
export interface RouteExtras {
  bodyLimit?: number;
  config?: RouteShorthandOptions['config'];
  /** Run after the endpoint's own guards (session, project right). */
  preHandler?: preHandlerHookHandler[];
  /**
   * Also answer at the path with a trailing slash (`/api/projects/`): collection roots answered both
   * spellings when they were registered under a prefix, and no client may break.
   */
  trailingSlash?: boolean;
}

/** The guards an endpoint's `auth` asks for, in order: session, then the project right. */
function guardsOf(app: FastifyInstance, e: EndpointSpec): preValidationHookHandler[] {
  if (e.auth === 'public') return [];
  const session = app.requireSession as preValidationHookHandler;
  if (e.auth === 'session') return [session];
  // endpoint() makes a project endpoint name its group; a record built without it is refused here.
  if (!e.group) throw new Error(`${e.method} ${e.path}: a project endpoint names its API group`);
  const project = app.requireProjectRight(e.auth.project, {
    group: e.group,
    ...(e.auth.whileLocked ? { whileLocked: true } : {}),
  }) as preValidationHookHandler;
  return [session, project];
}

/**
 * Registers the route of a domain endpoint: method, path, schemas (validation, serialization and
 * the OpenAPI document) and guards all come from the endpoint; the handler returns the data.
 */
export function route<E extends EndpointSpec>(
  app: FastifyInstance,
  e: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const file = e.response === 'file';
  const urls = extras.trailingSlash ? [e.path, `${e.path}/`] : [e.path];
  for (const url of urls)
    app.route({
      method: e.method,
      url,
      schema: {
        tags: [e.tag],
        summary: e.summary,
        ...(e.params ? { params: e.params } : {}),
        ...(e.query ? { querystring: e.query } : {}),
        ...(e.body ? { body: e.documentedBody ?? e.body } : {}),
        ...(e.multipart ? { consumes: ['multipart/form-data'] } : {}),
        ...(file ? {} : { response: responses(e.response as z.ZodType) }),
      },
      config: { ...extras.config, endpoint: e },
      // A documented body (the OpenAPI document's, more exact) is not the one checked up front: the
      // route validates `body` and the handler applies the rest (domain EndpointSpec.documentedBody).
      ...(e.documentedBody && e.body ? { validatorCompiler: bodyAs(e.body) } : {}),
      ...(extras.bodyLimit !== undefined ? { bodyLimit: extras.bodyLimit } : {}),
      // The guards run before the request is validated: a caller who may not use the route (no
      // session, not a member of the project, a read-only share on a change) gets that answer
      // whatever it sent, and learns nothing from validation messages about a route it cannot use.
      preValidation: guardsOf(app, e),
      ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
      handler: async (request, reply) => {
        const result = await handler(request as EndpointRequest<E>, reply);
        return file ? result : ok(result);
      },
    });
}

/** The app's zod validator, with `body` checked against the given schema instead of the route's. */
function bodyAs(body: z.ZodType): RouteShorthandOptions['validatorCompiler'] {
  const compile: FastifySchemaCompiler<z.ZodType> = (route) =>
    validatorCompiler(route.httpPart === 'body' ? { ...route, schema: body } : route);
  // Fastify calls it once per part with that part's schema (a zod type, as typed here) but types the
  // option with the route's whole schema object; the cast bridges the two.
  return compile as RouteShorthandOptions['validatorCompiler'];
}
