/**
 * A schema-driven fuzz of the HTTP API (issue 16 §4), bounded: every declared endpoint, called as the
 * signed-in owner of a real project with a real device (CSRF token sent), with hostile values in each
 * path parameter, each query parameter and each field of its body (and as the whole body). Whatever
 * is sent, the answer is the numeric-code envelope and never a server error: no 5xx, no hang. The
 * values come from a fixed list, so a failure replays exactly. Routes that end the session or delete
 * the project run last, so the others see the project.
 */
import { type EndpointSpec, ERR } from '@netloom/domain';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { createProject, DEVICE_ENV, seedDevices } from './devices.fixtures';
import { declaredEndpoints, urlOf } from './endpointWalk';
import { signedInUser } from './factories';
import { describeEachDb, useTestApp } from './harness';

/** What an attacker types: wrong types, extremes, markup, injection, traversal, prototype pollution. */
const HOSTILE: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  '',
  'x'.repeat(5000),
  '\u0000\uFFFF',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../../../etc/passwd',
  [],
  [null, { a: 1 }],
  {},
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
];
/** Path segments that are not ids. */
const HOSTILE_PATH = ['abc', '-1', '0', '99999999999999999999', '1.5', '%00', '..%2f..%2f', '%ZZ'];
/** Query strings that are not what the route reads. */
const HOSTILE_QUERY = ['', 'abc', '-1', '1e308', 'x'.repeat(3000), '%00', "' OR 1=1 --", '[object Object]'];

interface JsonSchema {
  properties?: Record<string, unknown>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** The top-level fields a schema names (a union's fields too). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  // zod's option: a refinement JSON Schema cannot express becomes an unconstrained schema, not an error.
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
  const all = [json, ...(json.anyOf ?? []), ...(json.oneOf ?? [])];
  return [...new Set(all.flatMap((s) => Object.keys(s.properties ?? {})))];
}

/** Last: what ends the session, the account's other sessions or the project itself. */
function destructive(e: EndpointSpec): boolean {
  return (
    /logout|password|\/transfer|\/leave/.test(e.path) ||
    (e.method === 'DELETE' && /^\/api\/projects\/:id$|^\/api\/account$/.test(e.path))
  );
}

describeEachDb('fuzz: every endpoint with hostile values', (kind) => {
  const t = useTestApp(kind, { env: DEVICE_ENV });

  it('answers every call in the envelope with a numeric code and never a server error', async () => {
    const owner = await signedInUser(t());
    const projectId = await createProject(owner.client);
    const db = t().database.db;
    await seedDevices(db, projectId, 1, 'ap');
    const device = await db
      .selectFrom('devices')
      .select('id')
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    const endpoints = declaredEndpoints().sort((a, b) => Number(destructive(a)) - Number(destructive(b)));
    expect(endpoints.length).toBeGreaterThan(100);

    const wrong: string[] = [];
    let calls = 0;
    const send = async (e: EndpointSpec, url: string, body: unknown) => {
      calls++;
      const res = await owner.client.request(e.method, url, e.method === 'GET' ? undefined : body);
      // A file download (CSV, an image) is the one success that is not the envelope.
      // So is a browser navigation's redirect (social sign-in's start, link and callback: 302).
      const file = e.response === 'file' && (res.statusCode === 200 || res.statusCode === 302);
      let code: unknown;
      try {
        code = file ? 0 : (res.json() as { code?: unknown }).code;
      } catch {
        code = undefined;
      }
      if (res.statusCode >= 500 || typeof code !== 'number' || code === ERR.SERVER_ERROR)
        wrong.push(
          `${e.method} ${url.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 80)}: ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
    };

    for (const e of endpoints) {
      const url = urlOf(e, projectId, device.id);
      // Each path parameter in turn.
      const params = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      for (const param of params)
        for (const bad of HOSTILE_PATH) await send(e, urlOf(e, projectId, device.id, { [param]: bad }), {});
      // Each query parameter in turn.
      for (const q of fieldsOf(e.query))
        for (const bad of HOSTILE_QUERY) await send(e, `${url}?${q}=${encodeURIComponent(bad)}`, {});
      if (e.method === 'GET') continue;
      // The whole body, then each field of it.
      for (const bad of [null, [], 'text', 42]) await send(e, url, bad);
      for (const field of fieldsOf(e.body)) for (const bad of HOSTILE) await send(e, url, { [field]: bad });
    }
    expect(calls).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
    // The prototype-pollution bodies polluted nothing.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 240_000);
});
