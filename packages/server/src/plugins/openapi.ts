import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_DOCS_PATH, API_KEY_HEADER, catalogue } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

function description(): string {
  const rows = catalogue()
    .map((e) => `| ${e.code} | ${e.name} | ${e.message} |`)
    .join('\n');
  return [
    'Every response is JSON with a numeric `code`: `{ "code": 0, "data": … }` on success, ',
    '`{ "code": N, "message": "…", "issues": [{ "path", "message" }] }` on failure. ',
    'Web clients authenticate with the `nl_session` cookie and send `X-CSRF-Token` (the `nl_csrf` cookie) ',
    'on POST/PUT/PATCH/DELETE; openapi/app clients send `Authorization: Bearer <token>`.\n\n',
    '**Personal API keys** (scripts and integrations): create one in the console under My account → ',
    'API keys, then send `Authorization: Bearer nlk_…` (or `',
    API_KEY_HEADER,
    ': nlk_…`) on every request; no CSRF token and no cookie. A key acts as its owner with the openapi ',
    'access type: a read-only key is refused every change (403), a key limited to projects answers 73 ',
    'for any other, and no key manages the account (its keys, sessions, password: 403). Each key has a ',
    'request rate: beyond it the answer is HTTP 429 (code 2010) with a `Retry-After` header in seconds.\n\n',
    '| code | name | message |\n|---|---|---|\n',
    rows,
  ].join('');
}

export interface OpenapiPluginOptions {
  /** The release the document describes (the meta feature reads it from the root package.json). */
  version: string;
}

/** OpenAPI 3 generated from the routes' zod schemas: /api/openapi.json, UI at /api/docs (served locally). */
export const openapiPlugin = fp(async (app: FastifyInstance, opts: OpenapiPluginOptions) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Netloom console API', version: opts.version, description: description() },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'nl_session' },
          // Personal API keys (issue 14 §6): also accepted as `Authorization: Bearer nlk_…` (bearer).
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: API_KEY_HEADER,
            description:
              'A personal API key (nlk_…) created in My account → API keys; also accepted as Authorization: Bearer.',
          },
        },
      },
      security: [{ cookie: [] }, { bearer: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
