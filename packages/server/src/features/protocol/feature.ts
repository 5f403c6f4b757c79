import { ERR } from '@netloom/domain';
import { PROTOCOL_SCHEMAS_PATH, protocolJsonSchema, protocolSchemaIndex } from '@netloom/protocol';
import { AppError } from '../../lib/errors';
import type { Feature } from '../../lib/feature';

/** Schemas change only with a new release; a client may keep them a while. */
const CACHE_CONTROL = 'public, max-age=3600';
const SCHEMA_TYPE = 'application/schema+json; charset=utf-8';

/**
 * The device protocol's JSON Schemas (docs/protocol.md "JSON Schemas"), public: `GET
 * /protocol/v1/schemas/index.json` lists them, `GET /protocol/v1/schemas/<name>.json` serves one.
 * **Decision:** they are generated from the protocol package's zod schemas when first asked for
 * (and kept for the process), not written to files at build time — so what is served is what this
 * server checks messages with, and cannot drift from it. Outside the OpenAPI document: they are not
 * part of the HTTP API.
 */
export function createProtocolFeature(): Feature {
  const cache = new Map<string, string>();
  const serialised = (name: string): string | null => {
    const hit = cache.get(name);
    if (hit !== undefined) return hit;
    const schema = protocolJsonSchema(name);
    if (!schema) return null;
    const text = JSON.stringify(schema, null, 2);
    cache.set(name, text);
    return text;
  };
  return {
    name: 'protocol',
    async routes(app) {
      app.get(`${PROTOCOL_SCHEMAS_PATH}/index.json`, { schema: { hide: true } }, async (_request, reply) =>
        reply
          .header('cache-control', CACHE_CONTROL)
          .type('application/json; charset=utf-8')
          .send({
            schemas: protocolSchemaIndex().map((s) => ({
              ...s,
              url: `${PROTOCOL_SCHEMAS_PATH}/${s.name}.json`,
            })),
          }),
      );
      app.get<{ Params: { file: string } }>(
        `${PROTOCOL_SCHEMAS_PATH}/:file`,
        { schema: { hide: true } },
        async (request, reply) => {
          const name = /^([A-Za-z0-9.]+)\.json$/.exec(request.params.file)?.[1];
          const text = name ? serialised(name) : null;
          if (text === null) throw new AppError(ERR.NOT_EXIST, 404);
          return reply.header('cache-control', CACHE_CONTROL).type(SCHEMA_TYPE).send(text);
        },
      );
    },
  };
}
