import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERR } from '@netloom/domain';
import { afterAll, expect, it } from 'vitest';
import { describeEachDb, useTestApp } from './harness';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'netloom-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Netloom SPA</title>');
fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

interface JsonSchema {
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}

describeEachDb('API conventions', (kind) => {
  const t = useTestApp(kind, { env: { WEB_DIR: webDir, AUTH_RATE_LIMIT: '5' } });

  it('garbage JSON, wrong types and unknown fields answer code 400 in the envelope', async () => {
    const bad = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"method": "email", ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ERR.INVALID_PARAMETERS, message: 'Invalid parameters.' });
    const notObject = await t().app.inject({ method: 'POST', url: '/api/auth/login', payload: [1, 2] });
    expect(notObject.json().code).toBe(ERR.INVALID_PARAMETERS);
    const noMethod = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co' },
    });
    expect(noMethod.json()).toMatchObject({ code: ERR.INVALID_PARAMETERS, issues: [{ path: 'method' }] });
  });

  it('unknown /api routes are a JSON 404; other GETs get the SPA; assets are cached forever', async () => {
    const api = await t().app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: ERR.NOT_EXIST, message: 'The requested item does not exist.' });
    const spa = await t().app.inject({ method: 'GET', url: '/projects/list?x=1' });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('Netloom SPA');
    const root = await t().app.inject({ method: 'GET', url: '/' });
    expect(root.body).toContain('Netloom SPA');
    const asset = await t().app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t().app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
  });

  it('serves the OpenAPI document and the docs UI locally', async () => {
    const doc = (await t().app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/projects/',
        '/api/projects/{id}',
        '/api/account/profile',
      ]),
    );
    const ui = await t().app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).not.toMatch(/https?:\/\/(unpkg|cdn)/);
  });

  it('types every request body in the OpenAPI document (an API client can be generated from it)', async () => {
    const doc = (await t().app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDoc;
    const untyped: string[] = [];
    // A schema with nothing but a description says nothing about what to send: `{}` is "any value".
    const walk = (s: JsonSchema | undefined, at: string) => {
      if (!s || typeof s !== 'object') return;
      if (Object.keys(s).every((k) => k === 'description')) untyped.push(at);
      for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${at}.${k}`);
      walk(s.items, `${at}[]`);
      if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${at}{}`);
      for (const x of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(x, at);
    };
    let bodies = 0;
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        if (schema) bodies++;
        walk(schema, `${method.toUpperCase()} ${path}`);
      }
    expect(bodies).toBeGreaterThan(30);
    expect(untyped).toEqual([]);
    // A configuration save documents its kind's settings, e.g. the network document's VLANs.
    const save = doc.paths['/api/projects/{id}/config/network']?.put;
    const settings = save?.requestBody?.content?.['application/json']?.schema?.properties?.settings;
    expect(Object.keys(settings?.properties ?? {})).toContain('vlans');
  });

  it('version info comes from the root package.json', async () => {
    const r = (await t().app.inject({ method: 'GET', url: '/api/meta/version' })).json();
    expect(r.code).toBe(0);
    expect(r.data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.data.majorUpdates.length).toBeGreaterThan(0);
  });

  it('per-IP rate limit on /api/auth answers 429 with code 2010', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await t().app.inject({ method: 'GET', url: '/api/auth/session', remoteAddress: '10.9.9.9' });
      codes.push(r.json().code);
    }
    expect(codes.slice(-1)).toEqual([ERR.REPEATED_CLICK]);
    expect(codes).toContain(ERR.NOT_SIGNED_IN);
  });
});

describeEachDb('verification codes per source', (kind) => {
  // The general auth limit is high here, so only the per-source code limit can refuse.
  const t = useTestApp(kind, { env: { AUTH_RATE_LIMIT: '1000', CODE_RATE_LIMIT: '3' } });
  const ask = (email: string, remoteAddress: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/auth/codes',
      remoteAddress,
      payload: { channel: 'email', purpose: 'register', email },
    });

  it('one source gets CODE_RATE_LIMIT codes to different addresses, then 2010; another source is not held up', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await ask(`spray-${i}-${kind}@example.com`, '10.8.8.8')).json().code);
    expect(codes).toEqual([0, 0, 0, ERR.REPEATED_CLICK]);
    expect((await ask(`other-${kind}@example.com`, '10.8.8.9')).json().code).toBe(0);
    // Other auth routes from the limited source still answer: the code limit has its own counter.
    const session = await t().app.inject({
      method: 'GET',
      url: '/api/auth/session',
      remoteAddress: '10.8.8.8',
    });
    expect(session.json().code).toBe(ERR.NOT_SIGNED_IN);
  });
});

describeEachDb('without a web build', (kind) => {
  const t = useTestApp(kind);
  it('/ says to run npm run build', async () => {
    const r = await t().app.inject({ method: 'GET', url: '/' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('npm run build');
  });
});
