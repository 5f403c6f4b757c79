import { preferenceEndpoints as E, PREFERENCE_VALUE_MAX_BYTES, type Preference } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { type Clock, isoAt } from '../../lib/clock';
import { invalidField } from '../../lib/errors';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import type { PreferenceRow, PreferenceStore } from './store';

function toPreference(key: string, row: PreferenceRow | undefined): Preference {
  return row
    ? { key, value: JSON.parse(row.value_json), updatedAt: row.updated_at }
    : { key, value: null, updatedAt: null };
}

/**
 * `/api/account/preferences/:key` (domain `preferenceEndpoints`): the signed-in account's own
 * settings that follow it from browser to browser (table columns, shrink, page size under
 * `table:<table>:<tab>`). Values are JSON of at most 16 KB; the server stores them and does not
 * interpret them.
 */
export async function preferenceRoutes(
  app: FastifyInstance,
  { store, clock }: { store: PreferenceStore; clock: Clock },
): Promise<void> {
  // `/api/account/preferences/` answered too when this was registered under a prefix: kept so no
  // client breaks.
  route(
    app,
    E.list,
    async (request) => {
      const rows = await store.list(sessionOf(request).accountId, request.query.prefix);
      return { items: rows.map((r) => toPreference(r.key, r)) };
    },
    { trailingSlash: true },
  );
  route(app, E.get, async (request) => {
    const { key } = request.params;
    return toPreference(key, await store.get(sessionOf(request).accountId, key));
  });
  route(app, E.put, async (request) => {
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
    return toPreference(key, await store.get(accountId, key));
  });
  route(app, E.delete, async (request) => {
    await store.delete(sessionOf(request).accountId, request.params.key);
    return {};
  });
}
