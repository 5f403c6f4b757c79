/**
 * Sessions (issue 14 §5): the list of active sessions in My account (browser and device from the
 * user agent, IP, signed in, last active, this device), signing one or all others out, and "one
 * active session": a new sign-in ends the others, which are told 69 at their next request and at
 * once on their live channel. On SQLite and PostgreSQL.
 */
import { ERR, LIVE_CLOSE_CODES, type SessionList } from '@netloom/domain';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { TestClient } from './client';
import { signedInUser } from './factories';
import { listen, waitFor } from './gatewayKit';
import { describeEachDb, type TestApp, useTestApp } from './harness';
import { openLive } from './liveKit';

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Another browser signing in to the same account. */
async function signIn(t: TestApp, mobile: string, password: string, ua: string): Promise<TestClient> {
  const c = new TestClient(t.app);
  const res = await c.call(
    'POST',
    '/api/auth/login',
    { method: 'mobile', mobile, password },
    { 'user-agent': ua },
  );
  expect(res.body.code).toBe(0);
  return c;
}

describeEachDb('sessions', (kind) => {
  const get = useTestApp(kind);

  it('lists the sessions with browser, device, IP and this device; signs one out, then all others', async () => {
    const t = get();
    const { mobile, password } = await signedInUser(t);
    const a = await signIn(t, mobile, password, CHROME_WIN);
    const b = await signIn(t, mobile, password, SAFARI_IPHONE);
    const c = await signIn(t, mobile, password, FIREFOX_LINUX);

    const list = await a.get<SessionList>('/api/account/sessions');
    expect(list.body.code).toBe(0);
    const sessions = list.body.data?.sessions ?? [];
    expect(sessions).toHaveLength(4);
    expect(sessions[0]).toMatchObject({
      browser: 'Firefox 133',
      device: 'Linux',
      current: false,
      client: 'web',
    });
    const mine = sessions.find((s) => s.current);
    expect(mine).toMatchObject({
      browser: 'Chrome 131',
      device: 'Windows',
      deviceKind: 'desktop',
      ip: '127.0.0.1',
    });
    const iphone = sessions.find((s) => s.device === 'iPhone');
    expect(iphone).toMatchObject({ browser: 'Safari 17', deviceKind: 'mobile', current: false });
    expect(Date.parse(mine?.signedInAt ?? '')).toBe(t.clock.now());
    expect(list.body.data?.oneSession).toBe(false);

    // One signed out: it is no longer signed in; the others are untouched.
    const del = await a.del(`/api/account/sessions/${iphone?.id}`);
    expect(del.body.code).toBe(0);
    expect((await b.get('/api/auth/session')).body.code).toBe(ERR.NOT_SIGNED_IN);
    expect((await c.get('/api/auth/session')).body.code).toBe(0);
    // Not one of the account's sessions (gone already, or another account's): 412.
    expect((await a.del(`/api/account/sessions/${iphone?.id}`)).body.code).toBe(ERR.NOT_EXIST);
    const stranger = await signedInUser(t);
    const theirs = (await stranger.client.get<SessionList>('/api/account/sessions')).body.data?.sessions[0];
    expect((await a.del(`/api/account/sessions/${theirs?.id}`)).body.code).toBe(ERR.NOT_EXIST);
    expect((await stranger.client.get('/api/auth/session')).body.code).toBe(0);

    // All others: only this one is left.
    const others = await a.post<{ signedOut: number }>('/api/account/sessions/sign-out-others');
    expect(others.body.data?.signedOut).toBe(2);
    expect((await c.get('/api/auth/session')).body.code).toBe(ERR.NOT_SIGNED_IN);
    const after = (await a.get<SessionList>('/api/account/sessions')).body.data?.sessions ?? [];
    expect(after.map((s) => s.current)).toEqual([true]);
  });

  it('one active session: a new sign-in ends the others with 69, at their next request and on the live channel', async () => {
    const t = get();
    const { client: first, mobile, password } = await signedInUser(t);
    const second = await signIn(t, mobile, password, FIREFOX_LINUX);

    // Off (the default): a new sign-in ends nothing.
    await signIn(t, mobile, password, CHROME_WIN);
    expect((await first.get('/api/auth/session')).body.code).toBe(0);

    const set = await first.call('PUT', '/api/account/sessions/policy', { oneSession: true });
    expect(set.body).toEqual({ code: 0, data: { oneSession: true } });
    expect((await second.get<SessionList>('/api/account/sessions')).body.data?.oneSession).toBe(true);

    // The first browser holds a live socket open.
    const port = await listen(t.app);
    const cookie = [...first.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const { ws, got, closed } = await openLive(port, { cookie });

    // A new sign-in: every other session ends.
    const newest = await signIn(t, mobile, password, SAFARI_IPHONE);
    expect(await closed).toBe(LIVE_CLOSE_CODES.SESSION_ENDED);
    expect(got).toContainEqual({ op: 'error', code: ERR.LOGGED_IN_ELSEWHERE });

    for (const old of [first, second]) {
      const res = await old.get('/api/auth/session');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(ERR.LOGGED_IN_ELSEWHERE);
    }
    const left = (await newest.get<SessionList>('/api/account/sessions')).body.data?.sessions ?? [];
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true, device: 'iPhone' });

    // Off again: a sign-in leaves the others signed in.
    await newest.call('PUT', '/api/account/sessions/policy', { oneSession: false });
    await signIn(t, mobile, password, CHROME_WIN);
    expect((await newest.get('/api/auth/session')).body.code).toBe(0);
    await waitFor(() => ws.readyState === WebSocket.CLOSED, { what: 'socket closed' });
  });

  it('the session list and policy need a session; another account is not affected by the option', async () => {
    const t = get();
    const anon = new TestClient(t.app);
    expect((await anon.get('/api/account/sessions')).body.code).toBe(ERR.NOT_SIGNED_IN);
    const one = await signedInUser(t);
    const other = await signedInUser(t);
    await one.client.call('PUT', '/api/account/sessions/policy', { oneSession: true });
    await signIn(t, other.mobile, other.password, CHROME_WIN);
    expect((await other.client.get('/api/auth/session')).body.code).toBe(0);
    const bad = await one.client.call('PUT', '/api/account/sessions/policy', { oneSession: 'yes' });
    expect(bad.body.code).toBe(ERR.INVALID_PARAMETERS);
  });
});
