import { readFileSync } from 'node:fs';
import {
  COMMAND_NAMES,
  COMMAND_RESULTS,
  DOWN_SCHEMAS,
  PROTOCOL_EXAMPLES,
  PROTOCOL_SCHEMAS_PATH,
  protocolJsonSchema,
  UP_SCHEMAS,
} from '@netloom/protocol';
// ajv comes with fastify (its request validation) and is not a dependency of ours: the test uses it
// only to validate with a JSON Schema validator a firmware author would use.
import Ajv2020 from 'ajv/dist/2020';
import { expect, it } from 'vitest';
import { describeEachDb, useTestApp } from './harness';

const page = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');
/** Every example of the page (`<!-- example: up/state -->` before its json block). */
const pageExamples = [...page.matchAll(/<!-- example: (up|down)\/(\w+) -->\s*```json\n([\s\S]*?)```/g)].map(
  (m) => ({ message: m[2] as string, payload: JSON.parse(m[3] as string) as Record<string, unknown> }),
);

interface IndexEntry {
  name: string;
  describes: string;
  url: string;
}

describeEachDb('the protocol’s JSON Schemas, served', (kind) => {
  const get = useTestApp(kind);
  const cache = new Map<string, Record<string, unknown>>();

  async function served(name: string): Promise<Record<string, unknown>> {
    const hit = cache.get(name);
    if (hit) return hit;
    const res = await get().app.inject({ method: 'GET', url: `${PROTOCOL_SCHEMAS_PATH}/${name}.json` });
    expect(res.statusCode, name).toBe(200);
    expect(res.headers['content-type']).toContain('application/schema+json');
    const schema = res.json<Record<string, unknown>>();
    cache.set(name, schema);
    return schema;
  }

  async function validator(name: string) {
    // A fresh validator per schema: each schema carries its own $id.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    return ajv.compile(await served(name));
  }

  it('the index lists every message and every command’s arguments and result, each at its URL', async () => {
    const res = await get().app.inject({ method: 'GET', url: `${PROTOCOL_SCHEMAS_PATH}/index.json` });
    expect(res.statusCode).toBe(200);
    const { schemas } = res.json<{ schemas: IndexEntry[] }>();
    const names = schemas.map((s) => s.name);
    for (const m of [...Object.keys(UP_SCHEMAS), ...Object.keys(DOWN_SCHEMAS)]) expect(names).toContain(m);
    for (const c of COMMAND_NAMES) {
      expect(names).toContain(`command.${c}.args`);
      if (COMMAND_RESULTS[c]) expect(names).toContain(`command.${c}.result`);
    }
    for (const s of schemas) {
      expect(s.url).toBe(`${PROTOCOL_SCHEMAS_PATH}/${s.name}.json`);
      const schema = await served(s.name);
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id).toBe(s.url);
    }
  });

  it('what is served is what the zod schemas make now (generated from them: no artefact to drift)', async () => {
    for (const m of Object.keys(UP_SCHEMAS)) expect(await served(m)).toEqual(protocolJsonSchema(m));
    expect(await served('command.upgrade.args')).toEqual(protocolJsonSchema('command.upgrade.args'));
  });

  it('every example of docs/protocol.md and of the protocol package validates against its served schema', async () => {
    expect(pageExamples.length).toBeGreaterThan(15);
    for (const { message, payload } of pageExamples) {
      const validate = await validator(message);
      expect(validate(payload), `${message}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    for (const [message, payload] of Object.entries(PROTOCOL_EXAMPLES)) {
      const validate = await validator(message);
      expect(validate(payload), `${message}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('each command example’s arguments, and its reply’s result, validate against the command’s schemas', async () => {
    const nameOf = new Map<string, string>();
    for (const { message, payload } of pageExamples.filter((e) => e.message === 'command')) {
      const name = String(payload.name);
      nameOf.set(String(payload.id), name);
      const validate = await validator(`command.${name}.args`);
      expect(validate(payload.args), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(message).toBe('command');
    }
    let results = 0;
    for (const { payload } of pageExamples.filter((e) => e.message === 'reply' && e.payload.ok === true)) {
      const name = nameOf.get(String(payload.id));
      if (!name || payload.result === undefined) continue;
      const validate = await validator(`command.${name}.result`);
      expect(validate(payload.result), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      results++;
    }
    expect(results).toBeGreaterThanOrEqual(3);
  });

  it('refuses what the cloud refuses: a missing required field, a value out of range, a wrong type', async () => {
    const hello = await validator('hello');
    // Fields a schema does not know are accepted, as the cloud ignores them (§12 Versioning).
    expect(hello({ ...PROTOCOL_EXAMPLES.hello, newerField: { any: 'thing' } })).toBe(true);
    const { mac: _mac, ...withoutMac } = PROTOCOL_EXAMPLES.hello;
    expect(hello(withoutMac)).toBe(false);
    const telemetry = await validator('telemetry');
    expect(telemetry({ ...PROTOCOL_EXAMPLES.telemetry, clients: -1 })).toBe(false);
    const upgrade = await validator('command.upgrade.args');
    expect(
      upgrade({ url: 'ftp://x', sha256: 'a'.repeat(64), size: 1, version: 'V1', model: 'NL-G300' }),
    ).toBe(false);
    const locate = await validator('command.locate.args');
    expect(locate({ minutes: '5' })).toBe(false);
  });

  it('an unknown schema is a 404 in the numeric-code envelope', async () => {
    for (const file of ['nope.json', 'hello', '..%2Fhello.json']) {
      const res = await get().app.inject({ method: 'GET', url: `${PROTOCOL_SCHEMAS_PATH}/${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.json<{ code: number }>().code).toBeGreaterThan(0);
    }
  });
});
