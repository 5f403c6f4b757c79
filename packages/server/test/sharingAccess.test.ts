/**
 * A share's rights hold everywhere (issue 14 §1), on SQLite and PostgreSQL: a read-only share made
 * through the sharing API is refused on every mutating project-scoped route of the served OpenAPI
 * document (enumerated from it, not from a hand list), and changes nothing; a revoked member's open
 * live channel stops receiving the project's events within a second; an expiry reaches the live
 * channel when it passes (the clock is moved and the watcher swept — no waiting, no restart).
 */
import { ERR, type LiveServerMessage } from '@netloom/domain';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Db } from '../src/db';
import { createProject, DEVICE_ENV, seedDevices } from './devices.fixtures';
import { signedInUser } from './factories';
import { listen, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

/** Rows of the tables a refused call could touch (everything but what is written in the background). */
async function snapshot(db: Db, postgres: boolean): Promise<string> {
  const skip = new Set([
    'job_leases',
    'project_series_5m',
    'project_series_1h',
    'sessions',
    'client_day_summaries',
  ]);
  const tables = postgres
    ? await sql<{
        name: string;
      }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)
    : await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const out: Record<string, number> = {};
  for (const { name } of tables.rows) {
    if (skip.has(name) || name.startsWith('kysely_')) continue;
    const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    out[name] = Number(r.rows[0]?.n ?? 0);
  }
  return JSON.stringify(out);
}

type OpenApi = { paths: Record<string, Record<string, unknown>> };
const MUTATING = ['post', 'put', 'patch', 'delete'];

async function openLive(port: number, bearer: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/live`, [], {
    headers: { authorization: `Bearer ${bearer}` },
  });
  const got: LiveServerMessage[] = [];
  ws.on('message', (d) => got.push(JSON.parse(d.toString()) as LiveServerMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, got };
}

describeEachDb('sharing: rights on every route, revocation and expiry live', (kind) => {
  const t = useTestApp(kind, { env: { ...DEVICE_ENV, HOST: '127.0.0.1' } });
  let port = 0;
  beforeAll(async () => {
    port = await listen(t().app);
  });

  it('a read-only share is refused on every mutating project route of the OpenAPI document', async () => {
    const owner = await signedInUser(t());
    const reader = await signedInUser(t());
    const projectId = await createProject(owner.client);
    const db = t().database.db;
    await seedDevices(db, projectId, 1, 'ap');
    const device = await db
      .selectFrom('devices')
      .select('id')
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    const shared = await owner.client.post(`/api/projects/${projectId}/shares`, {
      account: reader.mobile,
      permission: 'r',
      expiry: { kind: 'never' },
    });
    expect(shared.body.code).toBe(0);

    const doc = (await owner.client.get('/api/openapi.json')).body as unknown as OpenApi;
    const routes = Object.entries(doc.paths)
      .filter(
        ([path]) => path.startsWith('/api/projects/{id}') || path.startsWith('/api/projects/{projectId}'),
      )
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => MUTATING.includes(m))
          .map((m) => ({ method: m.toUpperCase(), path })),
      );
    expect(routes.length).toBeGreaterThan(25);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/projects/{id}/shares' });

    const before = await snapshot(db, kind === 'postgres');
    const wrong: string[] = [];
    for (const r of routes) {
      const url = r.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'id' || name === 'projectId'
          ? String(projectId)
          : name === 'deviceId'
            ? String(device.id)
            : '1',
      );
      const res = await reader.client.call(r.method, url, {});
      // 916 for a change a manager may make, 403 for the owner's own (delete, lock, firmware files…).
      if (res.body.code !== ERR.READ_ONLY_SHARE && res.body.code !== ERR.NO_PERMISSION)
        wrong.push(`${r.method} ${r.path}: ${JSON.stringify(res.body).slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(db, kind === 'postgres')).toBe(before);
  });

  it("a revoked member's open live channel stops receiving the project's events within a second", async () => {
    // The owner shares from the web console (the Share & permissions page is web only, §2); the
    // member's channel authenticates with a bearer token like an app.
    const owner = await signedInUser(t());
    const member = await signedInUser(t(), { client: 'openapi' });
    const projectId = await createProject(owner.client);
    const shared = await owner.client.post(`/api/projects/${projectId}/shares`, {
      account: member.mobile,
      permission: 'rw',
      expiry: { kind: 'never' },
    });
    expect(shared.body.code).toBe(0);
    const { ws, got } = await openLive(port, member.client.bearer ?? '');
    ws.send(JSON.stringify({ op: 'subscribe', projectId }));
    await waitFor(() => got.find((m) => m.op === 'subscribed'), { what: 'subscribed' });
    const bus = t().app.devicePlane.bus;
    bus.publish({ type: 'telemetry.tick', projectId, at: 1 });
    await waitFor(() => got.find((m) => m.op === 'event' && m.event.type === 'telemetry.tick'), {
      what: 'event before',
    });

    const started = Date.now();
    const revoked = await owner.client.call(
      'DELETE',
      `/api/projects/${projectId}/shares/${member.accountId}`,
    );
    expect(revoked.body.code).toBe(0);
    await waitFor(
      () => got.find((m) => m.op === 'error' && m.projectId === projectId && m.code === ERR.PROJECT_INVALID),
      {
        timeoutMs: 1000,
        what: 'the channel told the project is gone',
      },
    );
    expect(Date.now() - started).toBeLessThan(1000);
    const seen = got.length;
    bus.publish({ type: 'telemetry.tick', projectId, at: 2 });
    // A ping answered after the event was published proves the event was not delivered.
    ws.send(JSON.stringify({ op: 'ping' }));
    await waitFor(() => got.slice(seen).find((m) => m.op === 'pong'), { what: 'pong' });
    expect(got.slice(seen).filter((m) => m.op === 'event')).toEqual([]);
    // Subscribing again is refused (73).
    ws.send(JSON.stringify({ op: 'subscribe', projectId }));
    await waitFor(() => got.slice(seen).find((m) => m.op === 'error' && m.code === ERR.PROJECT_INVALID), {
      what: '73',
    });
    ws.close();
  });

  it('an expiry reaches the open live channel when it passes, with no restart (74)', async () => {
    // The owner shares from the web console (the Share & permissions page is web only, §2); the
    // member's channel authenticates with a bearer token like an app.
    const owner = await signedInUser(t());
    const member = await signedInUser(t(), { client: 'openapi' });
    const projectId = await createProject(owner.client);
    const shared = await owner.client.post(`/api/projects/${projectId}/shares`, {
      account: member.mobile,
      permission: 'r',
      expiry: { kind: 'hours', hours: 2 },
    });
    expect(shared.body.code).toBe(0);
    const { ws, got } = await openLive(port, member.client.bearer ?? '');
    ws.send(JSON.stringify({ op: 'subscribe', projectId }));
    await waitFor(() => got.find((m) => m.op === 'subscribed'), { what: 'subscribed' });

    expect(await t().app.features.sharing.sweep()).toBe(0);
    t().clock.advance(2 * 3600);
    expect(await t().app.features.sharing.sweep()).toBeGreaterThanOrEqual(1);
    await waitFor(
      () => got.find((m) => m.op === 'error' && m.projectId === projectId && m.code === ERR.PROJECT_EXPIRED),
      {
        timeoutMs: 1000,
        what: '74 on the channel',
      },
    );
    const seen = got.length;
    t().app.devicePlane.bus.publish({ type: 'telemetry.tick', projectId, at: 3 });
    ws.send(JSON.stringify({ op: 'ping' }));
    await waitFor(() => got.slice(seen).find((m) => m.op === 'pong'), { what: 'pong' });
    expect(got.slice(seen).filter((m) => m.op === 'event')).toEqual([]);
    // The same expiry is announced once.
    expect(await t().app.features.sharing.sweep()).toBe(0);
    // A subscribe that comes after the expiry (a page that opened, or a socket that reconnected,
    // after the event) is refused with the same 74, as an API call would be, never 73.
    ws.send(JSON.stringify({ op: 'subscribe', projectId }));
    const again = await waitFor(
      () => got.slice(seen).find((m) => m.op === 'error' || m.op === 'subscribed'),
      { what: 'the answer to a subscribe after the expiry' },
    );
    expect(again).toEqual({ op: 'error', code: ERR.PROJECT_EXPIRED, projectId });
    ws.close();
  });
});
