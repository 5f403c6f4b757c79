/**
 * Analytics (issue 15 §3): `POST /upload/app-data/v2` — gzip JSON signed with a terminal's key
 * (`POST /api/analytics/terminal`). A good upload stores its events once (a retried batch stores
 * nothing twice); each bad request is refused with its code and stores nothing: wrong content type
 * 516, stale timestamp 512, unknown or signed-out terminal 510, bad signature 511, a body too large or
 * inflating past the cap (zip bomb) 513, not gzip / not JSON / bad fields 514, too many events 515.
 * The data pivot aggregates the stored events (manufacturer only, 403). SQLite and PostgreSQL.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import {
  ACCOUNT_ROLES,
  ANALYTICS_MAX_EVENTS,
  ANALYTICS_TIMESTAMP_WINDOW_MS,
  ANALYTICS_UPLOAD_PATH,
  type AnalyticsEventInput,
  type AnalyticsTerminal,
  type AnalyticsUploadResult,
  analyticsSignedBytes,
  ERR,
  errorMessage,
  type PivotTable,
} from '@netloom/domain';
import { expect, it } from 'vitest';
import type { ApiResult } from './client';
import { signedInUser } from './factories';
import { waitFor } from './gatewayKit';
import { describeEachDb, type TestApp, useTestApp } from './harness';

type User = Awaited<ReturnType<typeof signedInUser>>;

const HEADER = { app_ver: 'v1.8.80', browser: 'Chrome', browser_version: '131', os_model: 'Linux' };

function event(t: TestApp, over: Partial<AnalyticsEventInput> = {}): AnalyticsEventInput {
  const ms = t.clock.now();
  return {
    event_id: 'page_view',
    event_second: Math.floor(ms / 1000),
    event_primarykey: randomUUID(),
    event_page_path: '/project/list',
    event_time_ms: ms,
    session_id: 's1',
    ...over,
  };
}

const body = (events: unknown[], header: object = HEADER) =>
  gzipSync(JSON.stringify({ events, user: { user_id: 'x' }, header }));

interface Sent {
  terminal: AnalyticsTerminal;
  bytes: Buffer;
  timestamp?: string;
  signWith?: string;
  contentType?: string;
  tamper?: (b: Buffer) => Buffer;
}

async function upload(t: TestApp, s: Sent): Promise<ApiResult<AnalyticsUploadResult>> {
  const timestamp = s.timestamp ?? String(t.clock.now());
  const signature = createHmac('sha256', s.signWith ?? s.terminal.key)
    .update(analyticsSignedBytes(timestamp, s.terminal.terminalId, s.bytes))
    .digest('hex');
  const res = await t.app.inject({
    method: 'POST',
    url: ANALYTICS_UPLOAD_PATH,
    headers: {
      'content-type': s.contentType ?? 'application/gzip',
      signature,
      timestamp,
      'terminal-id': s.terminal.terminalId,
    },
    payload: s.tamper ? s.tamper(s.bytes) : s.bytes,
  });
  return { status: res.statusCode, body: res.json(), res };
}

async function terminalOf(user: User): Promise<AnalyticsTerminal> {
  const r = await user.client.post<AnalyticsTerminal>('/api/analytics/terminal');
  expect(r.body.code).toBe(0);
  return r.body.data as AnalyticsTerminal;
}

describeEachDb('analytics', (kind) => {
  const get = useTestApp(kind);
  const stored = async (accountId: number) =>
    (
      await get()
        .database.db.selectFrom('analytics_events')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute()
    ).map((r) => ({
      key: r.event_key,
      name: r.event_name,
      page: r.page_path,
      browser: r.browser,
      day: r.day,
    }));

  it('stores a good upload once, under the terminal’s account; a retried batch stores nothing twice', async () => {
    const t = get();
    const user = await signedInUser(t);
    const terminal = await terminalOf(user);
    const events = [event(t), event(t, { event_id: 'project_switch', event_page_path: '/monitor/status' })];
    const first = await upload(t, { terminal, bytes: body(events) });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ code: 0, data: { stored: 2, duplicates: 0 } });
    const again = await upload(t, { terminal, bytes: body([...events, event(t)]) });
    expect(again.body.data).toEqual({ stored: 1, duplicates: 2 });
    const rows = await stored(user.accountId);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
    expect(rows[0]).toMatchObject({
      name: 'page_view',
      page: '/project/list',
      browser: 'Chrome',
      day: '2026-03-10',
    });
  });

  it('refuses each bad request with its code and stores nothing', async () => {
    const t = get();
    const user = await signedInUser(t);
    const terminal = await terminalOf(user);
    const good = body([event(t)]);
    const refused = async (r: ApiResult, status: number, code: number) => {
      expect({ status: r.status, code: r.body.code }).toEqual({ status, code });
      expect(r.body.message).toBe(errorMessage(code));
    };
    // Not gzip's content type: 516.
    await refused(await upload(t, { terminal, bytes: good, contentType: 'application/json' }), 415, 516);
    // Stale (older or newer than the window) and missing timestamps: 512.
    const past = String(t.clock.now() - ANALYTICS_TIMESTAMP_WINDOW_MS - 1000);
    const future = String(t.clock.now() + ANALYTICS_TIMESTAMP_WINDOW_MS + 1000);
    await refused(
      await upload(t, { terminal, bytes: good, timestamp: past }),
      401,
      ERR.ANALYTICS_STALE_TIMESTAMP,
    );
    await refused(
      await upload(t, { terminal, bytes: good, timestamp: future }),
      401,
      ERR.ANALYTICS_STALE_TIMESTAMP,
    );
    await refused(
      await upload(t, { terminal, bytes: good, timestamp: 'soon' }),
      401,
      ERR.ANALYTICS_STALE_TIMESTAMP,
    );
    // Unknown terminal: 510.
    await refused(
      await upload(t, { terminal: { ...terminal, terminalId: 't_nobody' }, bytes: good }),
      401,
      ERR.ANALYTICS_TERMINAL_UNKNOWN,
    );
    // Bad signature: another key, or the body changed after signing: 511.
    await refused(
      await upload(t, { terminal, bytes: good, signWith: randomBytes(32).toString('base64url') }),
      401,
      ERR.ANALYTICS_BAD_SIGNATURE,
    );
    await refused(
      await upload(t, { terminal, bytes: good, tamper: () => body([event(t), event(t)]) }),
      401,
      ERR.ANALYTICS_BAD_SIGNATURE,
    );
    // Zip bomb: 16 MB of zeros compress to ~16 KB; inflating stops at the cap: 513.
    const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    await refused(await upload(t, { terminal, bytes: bomb }), 413, ERR.ANALYTICS_TOO_LARGE);
    // A compressed body over the cap: 513.
    await refused(
      await upload(t, { terminal, bytes: randomBytes(100 * 1024) }),
      413,
      ERR.ANALYTICS_TOO_LARGE,
    );
    // Not gzip, gzip of no JSON, JSON of the wrong shape: 514 (the last with the fields' issues).
    await refused(
      await upload(t, { terminal, bytes: Buffer.from('{"events":[]}') }),
      400,
      ERR.ANALYTICS_MALFORMED,
    );
    await refused(
      await upload(t, { terminal, bytes: gzipSync('{"events": [') }),
      400,
      ERR.ANALYTICS_MALFORMED,
    );
    const shape = await upload(t, { terminal, bytes: body([{ ...event(t), event_primarykey: 'x' }], {}) });
    await refused(shape, 400, ERR.ANALYTICS_MALFORMED);
    expect(shape.body.issues?.map((i) => i.path).sort()).toEqual([
      'events.0.event_primarykey',
      'header.app_ver',
    ]);
    await refused(
      await upload(t, { terminal, bytes: body([event(t, { event_desc: 'a\u0000b' })]) }),
      400,
      ERR.ANALYTICS_MALFORMED,
    );
    // More events than one upload may carry: 515.
    const many = Array.from({ length: ANALYTICS_MAX_EVENTS + 1 }, () => event(t));
    await refused(await upload(t, { terminal, bytes: body(many) }), 413, ERR.ANALYTICS_TOO_MANY_EVENTS);
    expect(await stored(user.accountId)).toEqual([]);
    // The same good body is then accepted: nothing above was stored on the way.
    expect((await upload(t, { terminal, bytes: good })).body.data).toEqual({ stored: 1, duplicates: 0 });
  });

  it('a terminal’s key ends with its sign-in, and is only given to a signed-in console', async () => {
    const t = get();
    const user = await signedInUser(t);
    const terminal = await terminalOf(user);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/analytics/terminal' });
    expect(anonymous.json().code).toBe(ERR.NOT_SIGNED_IN);
    expect((await user.client.post('/api/auth/logout')).body.code).toBe(0);
    // The sign-out's listeners run after its answer: wait for the terminal's row to go.
    await waitFor(
      async () =>
        (await t.database.db
          .selectFrom('analytics_terminals')
          .select('id')
          .where('id', '=', terminal.terminalId)
          .executeTakeFirst()) === undefined,
      { what: 'the terminal dropped with its sign-in' },
    );
    const after = await upload(t, { terminal, bytes: body([event(t)]) });
    expect(after.body.code).toBe(ERR.ANALYTICS_TERMINAL_UNKNOWN);
  });

  it('pivots the stored events by two dimensions for the manufacturer only (403 else)', async () => {
    const t = get();
    const user = await signedInUser(t);
    const terminal = await terminalOf(user);
    const day1 = t.clock.now();
    const day2 = day1 + 86_400_000;
    const ev = (page: string, ms: number, session: string) =>
      event(t, {
        event_page_path: page,
        event_time_ms: ms,
        event_second: Math.floor(ms / 1000),
        session_id: session,
      });
    await upload(t, {
      terminal,
      bytes: body([ev('/a', day1, 's1'), ev('/a', day1, 's1'), ev('/b', day1, 's1'), ev('/a', day2, 's2')]),
    });

    const q = '/api/analytics/pivot?rows=page&columns=day&from=2026-03-01&to=2026-03-31';
    expect((await user.client.get(q)).body.code).toBe(ERR.NO_PERMISSION);
    await t.database.db
      .updateTable('accounts')
      .set({ role: ACCOUNT_ROLES.MANUFACTURER })
      .where('id', '=', user.accountId)
      .execute();
    const events = (await user.client.get<PivotTable>(q)).body.data as PivotTable;
    expect(events.total).toBeGreaterThanOrEqual(4);
    const a = events.rows.find((r) => r.key === '/a');
    expect(a?.cells['2026-03-10']).toBeGreaterThanOrEqual(2);
    expect(a?.cells['2026-03-11']).toBeGreaterThanOrEqual(1);
    expect(events.columns.map((c) => c.key)).toEqual([...events.columns.map((c) => c.key)].sort());

    // Only this account's events on 2026-03-11: one event, one session, one user.
    const sessions = (
      await user.client.get<PivotTable>(
        '/api/analytics/pivot?rows=browser&measure=sessions&from=2026-03-11&to=2026-03-11',
      )
    ).body.data as PivotTable;
    expect(sessions.columns).toEqual([{ key: 'All', total: sessions.total }]);
    expect(sessions.total).toBe(1);
    expect(sessions.rows).toEqual([{ key: 'Chrome', total: 1, cells: { All: 1 } }]);

    const same = await user.client.get('/api/analytics/pivot?rows=page&columns=page');
    expect(same.body.code).toBe(ERR.INVALID_PARAMETERS);
  });

  it('is served at its path over a real socket, not by the console page’s fallback', async () => {
    const t = get();
    const user = await signedInUser(t);
    const terminal = await terminalOf(user);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}${ANALYTICS_UPLOAD_PATH}`;
    const bytes = body([event(t)]);
    const timestamp = String(t.clock.now());
    const signature = createHmac('sha256', terminal.key)
      .update(analyticsSignedBytes(timestamp, terminal.terminalId, bytes))
      .digest('hex');
    const headers = {
      'content-type': 'application/gzip',
      timestamp,
      signature,
      'terminal-id': terminal.terminalId,
    };
    const good = await fetch(url, { method: 'POST', headers, body: bytes });
    expect(await good.json()).toEqual({ code: 0, data: { stored: 1, duplicates: 0 } });
    // A body streamed past the cap is answered (413, 513) without being read to its end.
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const big = await fetch(url, { method: 'POST', headers, body: endless, duplex: 'half' } as RequestInit);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { code: number }).code).toBe(ERR.ANALYTICS_TOO_LARGE);
    const plain = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(((await plain.json()) as { code: number }).code).toBe(ERR.ANALYTICS_CONTENT_TYPE);
  });
});
