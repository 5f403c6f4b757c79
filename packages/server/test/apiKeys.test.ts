/**
 * Personal API keys (issue 14 §6): created in My account and shown once, stored hashed; a key acts
 * as its owner with the openapi access type and never more — a read-only key changes nothing, a key
 * limited to projects sees no other (73, like a non-member), no key manages the account; expiry and
 * revocation end it (401); a request with a key never gets a session (no cookie, no CSRF); the
 * per-key rate answers 429 with Retry-After; the OpenAPI document declares the scheme; and the
 * example script of docs/api.md lists a project's devices against a listening server. On SQLite and
 * PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  API_KEY_HEADER,
  API_KEYS_PER_ACCOUNT_MAX,
  type ApiKeyCreated,
  type ApiKeyList,
  ERR,
  type ProjectList,
} from '@netloom/domain';
import { expect, it } from 'vitest';
import { sha256 } from '../src/lib/crypto';
import { TestClient } from './client';
import { addMember, buildProject, signedInUser } from './factories';
import { claimDevice, listen, uniqueSn } from './gatewayKit';
import { describeEachDb, type TestApp, useTestApp } from './harness';

const run = promisify(execFile);

/** A script client: sends the key as a bearer token (or in the key header), never a cookie. */
function keyClient(t: TestApp, secret: string, header: 'bearer' | 'own' = 'bearer'): TestClient {
  const c = new TestClient(t.app);
  if (header === 'bearer') c.bearer = secret;
  else {
    const call = c.call.bind(c);
    c.call = (method, url, payload, headers = {}) =>
      call(method, url, payload, { ...headers, [API_KEY_HEADER]: secret });
  }
  return c;
}

async function newProject(owner: TestClient, name = 'Keys'): Promise<number> {
  const res = await owner.post<{ id: number }>('/api/projects', buildProject({ name }));
  expect(res.body.code).toBe(0);
  return res.body.data?.id as number;
}

async function createKey(owner: TestClient, body: Record<string, unknown>): Promise<ApiKeyCreated> {
  const res = await owner.post<ApiKeyCreated>('/api/account/api-keys', {
    name: 'Script',
    scope: 'read',
    projectIds: null,
    expiresInDays: null,
    ...body,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as ApiKeyCreated;
}

describeEachDb('API keys', (kind) => {
  const get = useTestApp(kind);

  it('is shown once and stored hashed; lists last use; a read-only key reads and changes nothing', async () => {
    const t = get();
    const { client: owner, accountId } = await signedInUser(t);
    const projectId = await newProject(owner);
    const made = await createKey(owner, { name: 'Monitoring' });
    expect(made.secret).toMatch(/^nlk_[A-Za-z0-9_-]{43}$/);
    expect(made.key).toMatchObject({ name: 'Monitoring', scope: 'read', projectIds: null, lastUsedAt: null });
    expect(made.key.prefix).toBe(made.secret.slice(0, 12));

    // Hashed: the row holds the SHA-256, and no column holds the secret.
    const rows = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.key_hash).toBe(sha256(made.secret));
    expect(JSON.stringify(rows)).not.toContain(made.secret.slice(12));
    const listed = await owner.get<ApiKeyList>('/api/account/api-keys');
    expect(JSON.stringify(listed.body)).not.toContain(made.secret.slice(12));

    const sessionsBefore = await t.database.db.selectFrom('sessions').select('id').execute();
    const key = keyClient(t, made.secret);
    const projects = await key.get<ProjectList>('/api/projects');
    expect(projects.body.data?.items.map((p) => p.id)).toEqual([projectId]);
    // Never a session: no cookie on the answer, no row.
    expect(projects.res.headers['set-cookie']).toBeUndefined();
    const who = await key.get<{ access: string; account: { id: number } }>('/api/auth/session');
    expect(who.body.data).toMatchObject({ access: 'openapi', account: { id: accountId } });
    const devices = await key.get(`/api/projects/${projectId}/devices`);
    expect(devices.body.code).toBe(0);
    // Read-only scope: every change refused, whatever the route.
    const rename = await key.patch(`/api/projects/${projectId}`, { name: 'Renamed' });
    expect(rename.status).toBe(403);
    expect(rename.body.code).toBe(ERR.NO_PERMISSION);
    expect((await key.post('/api/projects', buildProject())).body.code).toBe(ERR.NO_PERMISSION);
    expect((await key.del(`/api/projects/${projectId}`)).body.code).toBe(ERR.NO_PERMISSION);
    // The same key in its own header.
    expect((await keyClient(t, made.secret, 'own').get('/api/projects')).body.code).toBe(0);
    // Sign-in with a key in hand is refused: it would open a session.
    const login = await key.post('/api/auth/login', {
      method: 'mobile',
      mobile: '13800000000',
      password: 'x',
    });
    expect(login.body.code).toBe(ERR.NO_PERMISSION);
    const sessionsAfter = await t.database.db.selectFrom('sessions').select('id').execute();
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);

    // Last used: when and from where.
    const after = (await owner.get<ApiKeyList>('/api/account/api-keys')).body.data?.keys[0];
    expect(after?.lastUsedAt).toBe(new Date(t.clock.now()).toISOString());
    expect(after?.lastUsedIp).toBe('127.0.0.1');
  });

  it('a manage key changes with its owner’s rights and never more, without a CSRF token; no key manages the account', async () => {
    const t = get();
    const { client: owner } = await signedInUser(t);
    const { client: sharer } = await signedInUser(t);
    const mine = await newProject(owner, 'Mine');
    const shared = await newProject(sharer, 'Shared');
    const me = await owner.get<{ account: { id: number } }>('/api/auth/session');
    await addMember(t, shared, me.body.data?.account.id as number, 'r');

    const { secret } = await createKey(owner, { scope: 'manage' });
    const key = keyClient(t, secret);
    const renamed = await key.patch<{ name: string }>(`/api/projects/${mine}`, { name: 'Renamed' });
    expect(renamed.body.code).toBe(0);
    expect(renamed.body.data?.name).toBe('Renamed');
    // The owner's right on a shared project is read-only: so is the key's.
    expect((await key.patch(`/api/projects/${shared}`, { name: 'Mine now' })).body.code).toBe(
      ERR.READ_ONLY_SHARE,
    );
    // Not a member at all: 73.
    const { client: stranger } = await signedInUser(t);
    const theirs = await newProject(stranger, 'Theirs');
    expect((await key.get(`/api/projects/${theirs}`)).body.code).toBe(ERR.PROJECT_INVALID);

    // The account's own credentials and settings: never with a key.
    for (const [method, url, body] of [
      ['GET', '/api/account/api-keys', undefined],
      [
        'POST',
        '/api/account/api-keys',
        { name: 'x', scope: 'manage', projectIds: null, expiresInDays: null },
      ],
      ['GET', '/api/account/sessions', undefined],
      ['POST', '/api/account/sessions/sign-out-others', {}],
      [
        'POST',
        '/api/auth/password/change',
        { oldPassword: 'secret123', password: 'secret456', confirmPassword: 'secret456' },
      ],
    ] as const) {
      const res = await key.call(method, url, body);
      expect(res.body.code, `${method} ${url}`).toBe(ERR.NO_PERMISSION);
    }
    // The live channel is for the console's sessions, not keys.
    const port = await listen(t.app);
    const live = await fetch(`http://127.0.0.1:${port}/api/live`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(live.status).toBe(403);
  });

  it('a key limited to projects sees no other (73), lists only them, and reaches no account-wide route', async () => {
    const t = get();
    const { client: owner } = await signedInUser(t);
    const inside = await newProject(owner, 'Inside');
    const outside = await newProject(owner, 'Outside');
    const { secret, key: view } = await createKey(owner, { scope: 'manage', projectIds: [inside] });
    expect(view.projectIds).toEqual([inside]);
    const key = keyClient(t, secret);

    const list = await key.get<ProjectList>('/api/projects');
    expect(list.body.data).toMatchObject({ total: 1, items: [{ id: inside }] });
    expect((await key.get(`/api/projects/${inside}/devices`)).body.code).toBe(0);
    for (const url of [`/api/projects/${outside}`, `/api/projects/${outside}/devices`]) {
      const res = await key.get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.code, url).toBe(ERR.PROJECT_INVALID);
    }
    expect((await key.patch(`/api/projects/${outside}`, { name: 'No' })).body.code).toBe(ERR.PROJECT_INVALID);
    expect((await key.patch(`/api/projects/${inside}`, { name: 'Yes' })).body.code).toBe(0);
    // Across projects (search, overview) or creating one: refused.
    expect((await key.get('/api/projects/overview')).body.code).toBe(ERR.NO_PERMISSION);
    expect((await key.post('/api/projects', buildProject())).body.code).toBe(ERR.NO_PERMISSION);

    // A key may only be limited to the account's own projects.
    const { client: stranger } = await signedInUser(t);
    const theirs = await newProject(stranger, 'Theirs');
    const refused = await owner.post('/api/account/api-keys', {
      name: 'Sneaky',
      scope: 'read',
      projectIds: [inside, theirs],
      expiresInDays: null,
    });
    expect(refused.body.code).toBe(ERR.PROJECT_INVALID);
    const invalid = await owner.post('/api/account/api-keys', {
      name: ' ',
      scope: 'write',
      projectIds: [],
      expiresInDays: 12,
    });
    expect(invalid.body.code).toBe(ERR.INVALID_PARAMETERS);
    expect(invalid.body.issues?.map((i) => i.path).sort()).toEqual([
      'expiresInDays',
      'name',
      'projectIds',
      'scope',
    ]);
  });

  it('expiry and revocation end a key (401); a foreign key cannot be revoked (412); at most 10 keys (580)', async () => {
    const t = get();
    const { client: owner } = await signedInUser(t);
    const short = await createKey(owner, { name: 'Week', expiresInDays: 7 });
    expect(Date.parse(short.key.expiresAt ?? '')).toBe(t.clock.now() + 7 * 86_400_000);
    const forever = await createKey(owner, { name: 'Forever' });
    const shortKey = keyClient(t, short.secret);
    expect((await shortKey.get('/api/projects')).body.code).toBe(0);
    t.clock.advance(7 * 86_400 + 1);
    const expired = await shortKey.get('/api/projects');
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(ERR.NOT_SIGNED_IN);
    const keys = (await owner.get<ApiKeyList>('/api/account/api-keys')).body.data?.keys ?? [];
    expect(keys.find((k) => k.id === short.key.id)?.expired).toBe(true);

    const foreverKey = keyClient(t, forever.secret);
    expect((await foreverKey.get('/api/projects')).body.code).toBe(0);
    const { client: stranger } = await signedInUser(t);
    expect((await stranger.del(`/api/account/api-keys/${forever.key.id}`)).body.code).toBe(ERR.NOT_EXIST);
    expect((await foreverKey.get('/api/projects')).body.code).toBe(0);
    expect((await owner.del(`/api/account/api-keys/${forever.key.id}`)).body.code).toBe(0);
    expect((await foreverKey.get('/api/projects')).body.code).toBe(ERR.NOT_SIGNED_IN);
    // A made-up key of the right shape.
    expect((await keyClient(t, `nlk_${'A'.repeat(43)}`).get('/api/projects')).body.code).toBe(
      ERR.NOT_SIGNED_IN,
    );

    // The cap counts the keys held (the expired one still counts until revoked).
    for (let i = 1; i < API_KEYS_PER_ACCOUNT_MAX; i++) await createKey(owner, { name: `Key ${i}` });
    const over = await owner.post('/api/account/api-keys', {
      name: 'One too many',
      scope: 'read',
      projectIds: null,
      expiresInDays: null,
    });
    expect(over.body.code).toBe(ERR.API_KEY_LIMIT);
  });

  it('the OpenAPI document declares the key scheme and says how to authenticate', async () => {
    const t = get();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      info: { description: string };
      components: {
        securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
      };
      security: Record<string, unknown>[];
    };
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: API_KEY_HEADER,
      description: expect.stringContaining('My account'),
    });
    expect(doc.security).toContainEqual({ apiKey: [] });
    expect(doc.info.description).toContain('Authorization: Bearer nlk_');
    expect(doc.info.description).toContain('Retry-After');
  });
});

describeEachDb('API keys: rate limit and the example script', (kind) => {
  const get = useTestApp(kind, { env: { API_KEY_RATE_PER_SECOND: '1', API_KEY_RATE_BURST: '3' } });

  it('answers 429 with Retry-After beyond the key’s rate, per key', async () => {
    const t = get();
    const { client: owner } = await signedInUser(t);
    const one = keyClient(t, (await createKey(owner, { name: 'One' })).secret);
    const two = keyClient(t, (await createKey(owner, { name: 'Two' })).secret);
    for (let i = 0; i < 3; i++) expect((await one.get('/api/projects')).body.code).toBe(0);
    const over = await one.get('/api/projects');
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(ERR.REPEATED_CLICK);
    expect(over.res.headers['retry-after']).toBe('1');
    // Another key has its own budget; the web session none of this.
    expect((await two.get('/api/projects')).body.code).toBe(0);
    expect((await owner.get('/api/projects')).body.code).toBe(0);
    // After Retry-After seconds, one more fits.
    t.clock.advance(1);
    expect((await one.get('/api/projects')).body.code).toBe(0);
    expect((await one.get('/api/projects')).status).toBe(429);
  });

  it('the docs/api.md script lists a project’s devices with a key against a listening server', async () => {
    const t = get();
    const { client: owner } = await signedInUser(t);
    const projectId = await newProject(owner, 'Script');
    const sns = [uniqueSn('NLK'), uniqueSn('NLK')];
    for (const sn of sns) await claimDevice(t, projectId, sn);
    const { secret } = await createKey(owner, { name: 'Script', projectIds: [projectId] });

    const doc = readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'docs', 'api.md'), 'utf8');
    const script = /```js\n(\/\/ list-devices\.mjs[\s\S]*?)```/.exec(doc)?.[1];
    expect(script).toBeDefined();
    const file = path.join(os.tmpdir(), `netloom-list-devices-${process.pid}-${kind}.mjs`);
    writeFileSync(file, script as string);
    const port = await listen(t.app);
    const { stdout } = await run(process.execPath, [file], {
      env: {
        ...process.env,
        NETLOOM_URL: `http://127.0.0.1:${port}`,
        NETLOOM_API_KEY: secret,
        PROJECT_ID: '',
      },
      timeout: 30_000,
    });
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('2 devices');
    for (const sn of sns) expect(lines.some((l) => l.startsWith(`${sn}\t${sn}\tap\t`))).toBe(true);
  });
});
