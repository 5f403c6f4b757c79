import {
  emptySchema,
  PREFERENCE_VALUE_MAX_BYTES,
  type Preference,
  preferenceKeySchema,
  preferencePutSchema,
  preferenceSchema,
} from '@netloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/api';
import { type Clock, isoAt } from '../../lib/clock';
import { invalidField } from '../../lib/errors';
import { sessionOf } from '../../plugins/auth';
import { type PreferenceRow, PreferenceStore } from './store';

const tags = ['account'];
const keyParams = z.object({ key: preferenceKeySchema });
const listQuery = z.object({
  prefix: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9:._-]*$/)
    .default(''),
});

function toPreference(key: string, row: PreferenceRow | undefined): Preference {
  return row
    ? { key, value: JSON.parse(row.value_json), updatedAt: row.updated_at }
    : { key, value: null, updatedAt: null };
}

/**
 * `/api/account/preferences/:key`: the signed-in account's own settings that follow it from browser
 * to browser (table columns, shrink, page size under `table:<table>:<tab>`). Values are JSON of at
 * most 16 KB; the server stores them and does not interpret them.
 */
export const preferenceRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const store = new PreferenceStore(app.db);
  app.addHook('preHandler', app.requireSession);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'My preferences (?prefix=table:)',
        querystring: listQuery,
        response: responses(z.object({ items: z.array(preferenceSchema) })),
      },
    },
    async (request) => {
      const rows = await store.list(sessionOf(request).accountId, request.query.prefix);
      return ok({ items: rows.map((r) => toPreference(r.key, r)) });
    },
  );

  app.get(
    '/:key',
    {
      schema: {
        tags,
        summary: 'One preference (value null when never set)',
        params: keyParams,
        response: responses(preferenceSchema),
      },
    },
    async (request) => {
      const { key } = request.params;
      return ok(toPreference(key, await store.get(sessionOf(request).accountId, key)));
    },
  );

  app.put(
    '/:key',
    {
      schema: {
        tags,
        summary: 'Store a preference (JSON value ≤ 16 KB)',
        params: keyParams,
        body: preferencePutSchema,
        response: responses(preferenceSchema),
      },
    },
    async (request) => {
      const { key } = request.params;
      const json = JSON.stringify(request.body.value);
      if (Buffer.byteLength(json, 'utf8') > PREFERENCE_VALUE_MAX_BYTES) {
        throw invalidField(
          'value',
          `A preference value can be at most ${PREFERENCE_VALUE_MAX_BYTES / 1024} KB.`,
        );
      }
      const accountId = sessionOf(request).accountId;
      await store.put(accountId, key, json, isoAt(clock.now()));
      return ok(toPreference(key, await store.get(accountId, key)));
    },
  );

  app.delete(
    '/:key',
    { schema: { tags, summary: 'Forget a preference', params: keyParams, response: responses(emptySchema) } },
    async (request) => {
      await store.delete(sessionOf(request).accountId, request.params.key);
      return ok({});
    },
  );
};
