import { ERR } from '@netloom/domain';
import { expect, it } from 'vitest';
import { TestClient } from './client';
import { signedInUser } from './factories';
import { describeEachDb, useTestApp } from './harness';

function cookie(res: { cookies: { name: string }[] }, name: string) {
  const c = res.cookies.find((x) => x.name === name) as
    | {
        name: string;
        value: string;
        httpOnly?: boolean;
        path?: string;
        maxAge?: number;
        sameSite?: string;
        secure?: boolean;
      }
    | undefined;
  if (!c) throw new Error(`cookie ${name} not set`);
  return c;
}

describeEachDb('sessions: cookies, CSRF, bearer, password change, logout', (kind) => {
  const t = useTestApp(kind);

  it('web login sets nl_session (httpOnly) and nl_csrf (readable), path /, SameSite=Lax, no Max-Age by default', async () => {
    const { mobile, password } = await signedInUser(t());
    const c = new TestClient(t().app);
    const r = await c.post('/api/auth/login', { method: 'mobile', mobile, password });
    expect(r.body.code).toBe(0);
    expect(r.body.data).not.toHaveProperty('token');
    const session = cookie(r.res, 'nl_session');
    const csrf = cookie(r.res, 'nl_csrf');
    expect(session).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(session.maxAge).toBeUndefined();
    expect(session.secure).toBeFalsy();
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.path).toBe('/');
    expect(csrf.value.length).toBeGreaterThan(20);
  });

  it('rememberSeconds > 0 gives both cookies that Max-Age', async () => {
    const { mobile, password } = await signedInUser(t());
    const c = new TestClient(t().app);
    const r = await c.post('/api/auth/login', {
      method: 'mobile',
      mobile,
      password,
      rememberSeconds: 604800,
    });
    expect(cookie(r.res, 'nl_session').maxAge).toBe(604800);
    expect(cookie(r.res, 'nl_csrf').maxAge).toBe(604800);
  });

  it('401 without a session; a cookie-authenticated change without X-CSRF-Token is refused (403)', async () => {
    const anon = new TestClient(t().app);
    const r = await anon.get('/api/auth/session');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: ERR.NOT_SIGNED_IN, message: expect.any(String) });

    const { client } = await signedInUser(t());
    client.sendCsrf = false;
    const refused = await client.patch('/api/account/profile', { nick: 'Mallory' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ERR.NO_PERMISSION);
    const forged = await client.call(
      'PATCH',
      '/api/account/profile',
      { nick: 'Mallory' },
      { 'x-csrf-token': 'nope' },
    );
    expect(forged.body.code).toBe(ERR.NO_PERMISSION);
    // Reads need no CSRF token; with the token the change goes through.
    expect((await client.get('/api/account/profile')).body.code).toBe(0);
    client.sendCsrf = true;
    expect((await client.patch('/api/account/profile', { nick: 'Alice' })).body.code).toBe(0);
  });

  it('openapi clients get a bearer token in the body and need no CSRF token', async () => {
    const { client } = await signedInUser(t(), { client: 'openapi' });
    expect(client.bearer).toBeTruthy();
    expect(client.cookies.size).toBe(0);
    const r = await client.patch<{ nick: string }>('/api/account/profile', { nick: 'Bot' });
    expect(r.body.code).toBe(0);
    expect(r.body.data?.nick).toBe('Bot');
    client.bearer = 'not-a-token';
    expect((await client.get('/api/auth/session')).body.code).toBe(ERR.NOT_SIGNED_IN);
  });

  it('change password: 100 on a wrong old password; then other sessions get 70, this one stays', async () => {
    const { client, mobile, password } = await signedInUser(t());
    const other = new TestClient(t().app);
    const otherLogin = await other.post<{ token: string }>('/api/auth/login', {
      method: 'mobile',
      mobile,
      password,
      client: 'app',
    });
    other.bearer = otherLogin.body.data?.token ?? null;
    expect(other.bearer).toBeTruthy();

    const bad = await client.post('/api/auth/password/change', {
      oldPassword: 'not-it',
      password: 'brandnew1',
      confirmPassword: 'brandnew1',
    });
    expect(bad.body.code).toBe(ERR.WRONG_OLD_PASSWORD);
    expect((await other.get('/api/auth/session')).body.code).toBe(0);

    const good = await client.post('/api/auth/password/change', {
      oldPassword: password,
      password: 'brandnew1',
      confirmPassword: 'brandnew1',
    });
    expect(good.body.code).toBe(0);
    expect((await client.get('/api/auth/session')).body.code).toBe(0);
    const ended = await other.get('/api/projects');
    expect(ended.status).toBe(401);
    expect(ended.body).toEqual({
      code: ERR.PASSWORD_CHANGED,
      message: 'Your password was changed. Please sign in again.',
    });
  });

  it('logout deletes the session and clears both cookies', async () => {
    const { client } = await signedInUser(t());
    const token = client.cookies.get('nl_session');
    const r = await client.post('/api/auth/logout');
    expect(r.body.code).toBe(0);
    const cleared = r.res.cookies.map((c) => c.name).sort();
    expect(cleared).toEqual(['nl_csrf', 'nl_session']);
    expect(client.cookies.size).toBe(0);
    // The old token is dead on the server, not only forgotten by the browser.
    const replay = new TestClient(t().app);
    replay.cookies.set('nl_session', token ?? '');
    expect((await replay.get('/api/auth/session')).body.code).toBe(ERR.NOT_SIGNED_IN);
  });

  it('an expired session answers 401', async () => {
    const { client } = await signedInUser(t());
    t().clock.advance(31 * 24 * 3600);
    expect((await client.get('/api/auth/session')).body.code).toBe(ERR.NOT_SIGNED_IN);
  });
});

describeEachDb('sessions behind HTTPS (COOKIE_SECURE=true)', (kind) => {
  const t = useTestApp(kind, { env: { COOKIE_SECURE: 'true' } });

  it('marks both cookies Secure', async () => {
    const { mobile, password } = await signedInUser(t());
    const r = await new TestClient(t().app).post('/api/auth/login', { method: 'mobile', mobile, password });
    expect(cookie(r.res, 'nl_session').secure).toBe(true);
    expect(cookie(r.res, 'nl_csrf').secure).toBe(true);
  });
});

describeEachDb('sessions behind a TLS-terminating proxy (TRUST_PROXY)', (kind) => {
  // The proxy at 127.0.0.1 (inject's remote address) is trusted; 10.9.9.9 would not be.
  const t = useTestApp(kind, { env: { TRUST_PROXY: '127.0.0.1,10.0.0.0/8' } });
  const login = async (headers: Record<string, string>) => {
    const { mobile, password } = await signedInUser(t());
    return new TestClient(t().app).call(
      'POST',
      '/api/auth/login',
      { method: 'mobile', mobile, password },
      headers,
    );
  };

  it('marks both cookies Secure when the trusted proxy says the request came over HTTPS', async () => {
    const r = await login({ 'x-forwarded-proto': 'https' });
    expect(cookie(r.res, 'nl_session').secure).toBe(true);
    expect(cookie(r.res, 'nl_csrf').secure).toBe(true);
  });

  it('leaves them plain over HTTP (COOKIE_SECURE unset outside production)', async () => {
    const r = await login({ 'x-forwarded-proto': 'http' });
    expect(cookie(r.res, 'nl_session').secure).toBeFalsy();
  });
});

describeEachDb('X-Forwarded-Proto from a sender TRUST_PROXY does not name', (kind) => {
  const t = useTestApp(kind, { env: { TRUST_PROXY: '10.0.0.0/8' } });

  it('is ignored: the cookie follows the real connection (HTTP here)', async () => {
    const { mobile, password } = await signedInUser(t());
    const r = await new TestClient(t().app).call(
      'POST',
      '/api/auth/login',
      { method: 'mobile', mobile, password },
      { 'x-forwarded-proto': 'https' },
    );
    expect(r.body.code).toBe(0);
    expect(cookie(r.res, 'nl_session').secure).toBeFalsy();
  });
});
