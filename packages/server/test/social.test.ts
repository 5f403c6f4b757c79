import {
  ERR,
  SOCIAL_FLOW_TTL_SECONDS,
  SOCIAL_PAGE_PATHS,
  type SocialBindings,
  type SocialPending,
} from '@netloom/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from './client';
import { signedInUser, uniqueEmail } from './factories';
import { describeEachDb, type Mailbox, startMailbox, type TestApp, useTestApp } from './harness';
import { ProviderBrowser, startOidcProvider, type TestOidcProvider } from './oidcProvider';

// Issue 14 §4: social sign-in against a real OpenID provider (oidc-provider on a free port), its own
// login and consent pages driven as a browser would. The console's redirect URI is PUBLIC_URL's.
const PUBLIC_URL = 'http://netloom.test';
const CALLBACK = `${PUBLIC_URL}/api/social/providers/acme/callback`;
const START = '/api/social/providers/acme/start';
const LINK = '/api/social/providers/acme/link';

let provider: TestOidcProvider;
let mailbox: Mailbox;
let seq = 0;
/** A login name at the provider no other test uses (its `sub`). */
const newLogin = (name: string) => `${name}-${Date.now()}-${++seq}`;

beforeAll(async () => {
  mailbox = await startMailbox();
  provider = await startOidcProvider({
    redirectUris: [CALLBACK],
    profiles: new Proxy(
      {},
      {
        get: (_t, login: string) => ({
          name: `Person ${login.split('-')[0]}`,
          email: `${login}@idp.example`,
        }),
      },
    ),
  });
});
afterAll(async () => {
  await provider.close();
  await mailbox.close();
});

/** Where a redirect sends the browser (path and query; the console's own pages have no origin). */
function locationOf(res: { statusCode: number; headers: Record<string, unknown> }): string {
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
}

/** The console's start, the provider's pages, and the redirect back: the URL it came back with. */
async function atProvider(client: TestClient, browser: ProviderBrowser, start = START): Promise<URL> {
  const authorization = locationOf(await client.request('GET', start));
  expect(authorization.startsWith(`${provider.issuer}/`)).toBe(true);
  const url = new URL(authorization);
  // Authorisation code with PKCE (S256), state and nonce.
  expect(url.searchParams.get('response_type')).toBe('code');
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('state')).toBeTruthy();
  expect(url.searchParams.get('nonce')).toBeTruthy();
  expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
  return browser.authorize(authorization, CALLBACK);
}

/** Back at the console with the provider's answer: where the console sends the browser next. */
async function back(client: TestClient, callback: URL): Promise<string> {
  return locationOf(await client.request('GET', `${callback.pathname}${callback.search}`));
}

async function signIn(client: TestClient, browser: ProviderBrowser): Promise<string> {
  return back(client, await atProvider(client, browser));
}

async function sessionAccount(client: TestClient): Promise<{ id: number; email: string | null } | undefined> {
  const r = await client.get<{ account: { id: number; email: string | null } }>('/api/auth/session');
  return r.body.code === 0 ? r.body.data?.account : undefined;
}

const failedAt = (code: number) => `${SOCIAL_PAGE_PATHS.login}?reason=${code}&tab=social`;

describeEachDb('social sign-in (OpenID Connect)', (kind) => {
  const t = useTestApp(kind, () => ({
    mailbox,
    env: { PUBLIC_URL, SOCIAL_PROVIDERS: provider.env('acme', 'Acme ID') },
  }));

  /** A new identity registers a new account with its e-mail and a code; later it goes straight in. */
  async function registerThroughProvider(app: TestApp, login: string) {
    const client = new TestClient(app.app);
    const browser = new ProviderBrowser(login);
    expect(await signIn(client, browser)).toBe(SOCIAL_PAGE_PATHS.bind);
    expect(client.cookies.has('nl_session')).toBe(false);
    const email = uniqueEmail();
    expect(
      (await client.post('/api/auth/codes', { channel: 'email', purpose: 'register', email })).body.code,
    ).toBe(0);
    const r = await client.post('/api/social/pending/register', { email, code: mailbox.lastCode(email) });
    expect(r.body).toEqual({ code: 0, data: {} });
    return { client, browser, email };
  }

  it('lists the configured providers, never their secrets', async () => {
    const r = await new TestClient(t().app).get('/api/social/providers');
    expect(r.body).toEqual({ code: 0, data: { providers: [{ id: 'acme', label: 'Acme ID' }] } });
    expect(JSON.stringify(r.body)).not.toContain(provider.clientSecret);
  });

  it('happy path: a new identity registers an account, signs in, and later sign-ins go straight in', async () => {
    const login = newLogin('carol');
    const client = new TestClient(t().app);
    const browser = new ProviderBrowser(login);
    expect(await signIn(client, browser)).toBe(SOCIAL_PAGE_PATHS.bind);
    // What the provider said of the person, to prefill the bind page.
    const pending = await client.get<SocialPending>('/api/social/pending');
    expect(pending.body.data).toEqual({
      provider: { id: 'acme', label: 'Acme ID' },
      name: 'Person carol',
      email: `${login}@idp.example`,
    });
    const email = uniqueEmail();
    await client.post('/api/auth/codes', { channel: 'email', purpose: 'register', email });
    // A wrong code is refused and the identity still waits.
    const wrong = await client.post('/api/social/pending/register', { email, code: '000000' });
    expect(wrong.body.code).toBe(ERR.WRONG_VERIFICATION_CODE);
    const r = await client.post('/api/social/pending/register', { email, code: mailbox.lastCode(email) });
    expect(r.body.code).toBe(0);
    const account = await sessionAccount(client);
    expect(account?.email).toBe(email);
    // The waiting identity was used: a second submit finds none (139).
    expect((await client.get('/api/social/pending')).body.code).toBe(ERR.SOCIAL_BIND_FAILED);

    // Later: sign out, sign in with the provider again — straight in, same account.
    await client.post('/api/auth/logout');
    expect(await sessionAccount(client)).toBeUndefined();
    expect(await signIn(client, browser)).toBe(SOCIAL_PAGE_PATHS.signedIn);
    expect((await sessionAccount(client))?.id).toBe(account?.id);
  });

  it('binds a new identity to an existing account proved by its password', async () => {
    const owner = await signedInUser(t());
    const client = new TestClient(t().app);
    const browser = new ProviderBrowser(newLogin('dave'));
    expect(await signIn(client, browser)).toBe(SOCIAL_PAGE_PATHS.bind);
    const bind = (password: string) =>
      client.post('/api/social/pending/bind', { method: 'mobile', mobile: owner.mobile, password });
    expect((await bind('wrong-password')).body.code).toBe(ERR.WRONG_CREDENTIALS);
    expect(client.cookies.has('nl_session')).toBe(false);
    expect((await bind(owner.password)).body.code).toBe(0);
    expect((await sessionAccount(client))?.id).toBe(owner.accountId);

    // Later sign-ins with the identity go straight into that account.
    const again = new TestClient(t().app);
    expect(await signIn(again, browser)).toBe(SOCIAL_PAGE_PATHS.signedIn);
    expect((await sessionAccount(again))?.id).toBe(owner.accountId);

    // A second identity of the same provider cannot be bound to the account (158).
    const other = new TestClient(t().app);
    expect(await signIn(other, new ProviderBrowser(newLogin('dave2')))).toBe(SOCIAL_PAGE_PATHS.bind);
    const r = await other.post('/api/social/pending/bind', {
      method: 'mobile',
      mobile: owner.mobile,
      password: owner.password,
    });
    expect(r.body.code).toBe(ERR.SOCIAL_KIND_ALREADY_BOUND);

    // Nor can the first identity be bound to another account from its account page (138).
    const someoneElse = await signedInUser(t());
    const linked = await back(someoneElse.client, await atProvider(someoneElse.client, browser, LINK));
    expect(linked).toBe(`${SOCIAL_PAGE_PATHS.account}?reason=${ERR.SOCIAL_ACCOUNT_BOUND_ELSEWHERE}`);
  });

  it('wrong state: a redirect back whose state this browser did not start is refused (142)', async () => {
    const client = new TestClient(t().app);
    const callback = await atProvider(client, new ProviderBrowser(newLogin('mallory')));
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'not-the-state-that-was-sent');
    expect(await back(client, tampered)).toBe(failedAt(ERR.SOCIAL_AUTH_FAILED));

    // The right state, in another browser (no flow cookie: a login CSRF), is refused too.
    const client2 = new TestClient(t().app);
    const callback2 = await atProvider(client2, new ProviderBrowser(newLogin('mallory')));
    const stranger = new TestClient(t().app);
    expect(await back(stranger, callback2)).toBe(failedAt(ERR.SOCIAL_AUTH_FAILED));
    expect(stranger.cookies.has('nl_session')).toBe(false);
    expect(stranger.cookies.has('nl_social_ticket')).toBe(false);
  });

  it('replayed code: a redirect back is used once, and an old code is refused by the provider (142)', async () => {
    const { client, browser } = await registerThroughProvider(t(), newLogin('eve'));
    await client.post('/api/auth/logout');
    const callback = await atProvider(client, browser);
    expect(await back(client, callback)).toBe(SOCIAL_PAGE_PATHS.signedIn);
    await client.post('/api/auth/logout');

    // The same redirect again (its state is used).
    expect(await back(client, callback)).toBe(failedAt(ERR.SOCIAL_AUTH_FAILED));
    expect(await sessionAccount(client)).toBeUndefined();

    // The old code under a fresh state of this browser: the provider refuses the used code.
    const fresh = new URL(locationOf(await client.request('GET', START)));
    const replay = new URL(CALLBACK);
    replay.searchParams.set('code', String(callback.searchParams.get('code')));
    replay.searchParams.set('state', String(fresh.searchParams.get('state')));
    replay.searchParams.set('iss', provider.issuer);
    expect(await back(client, replay)).toBe(failedAt(ERR.SOCIAL_AUTH_FAILED));
    expect(await sessionAccount(client)).toBeUndefined();
  });

  it('a sign-in that took too long at the provider expires (159); an unknown provider is 163', async () => {
    const client = new TestClient(t().app);
    const callback = await atProvider(client, new ProviderBrowser(newLogin('slow')));
    t().clock.advance(SOCIAL_FLOW_TTL_SECONDS + 1);
    expect(await back(client, callback)).toBe(failedAt(ERR.SOCIAL_AUTH_EXPIRED));
    expect(locationOf(await client.request('GET', '/api/social/providers/nope/start'))).toBe(
      failedAt(ERR.SOCIAL_PLATFORM_UNSUPPORTED),
    );
  });

  it('unbind from the account: allowed while another way in remains, refused for the last (161)', async () => {
    // An account with a password binds the provider from its account page, then unbinds it.
    const owner = await signedInUser(t());
    const browser = new ProviderBrowser(newLogin('frank'));
    expect(await back(owner.client, await atProvider(owner.client, browser, LINK))).toBe(
      `${SOCIAL_PAGE_PATHS.account}?social=bound`,
    );
    const bound = await owner.client.get<SocialBindings>('/api/social/bindings');
    expect(bound.body.data?.otherSignIn).toBe(true);
    expect(bound.body.data?.providers).toEqual([
      {
        id: 'acme',
        label: 'Acme ID',
        binding: { name: 'Person frank', boundAt: expect.stringMatching(/^\d{4}-/) },
      },
    ]);
    expect((await owner.client.del('/api/social/bindings/acme')).body.code).toBe(0);
    expect(
      (await owner.client.get<SocialBindings>('/api/social/bindings')).body.data?.providers[0]?.binding,
    ).toBe(null);
    expect((await owner.client.del('/api/social/bindings/acme')).body.code).toBe(ERR.SOCIAL_UNBIND_FAILED);
    // Unbound: the identity is new again.
    expect(await signIn(new TestClient(t().app), browser)).toBe(SOCIAL_PAGE_PATHS.bind);

    // An account registered through the provider has no password: its binding is its only way in.
    const { client } = await registerThroughProvider(t(), newLogin('grace'));
    const mine = await client.get<SocialBindings>('/api/social/bindings');
    expect(mine.body.data?.otherSignIn).toBe(false);
    expect((await client.del('/api/social/bindings/acme')).body.code).toBe(ERR.SOCIAL_UNBIND_LAST_METHOD);
    expect(
      (await client.get<SocialBindings>('/api/social/bindings')).body.data?.providers[0]?.binding,
    ).not.toBe(null);
  });
});

describeEachDb('social sign-in with no provider configured', (kind) => {
  const t = useTestApp(kind);

  it('lists none (the tab says so) and refuses to start or bind (163, 160)', async () => {
    const client = new TestClient(t().app);
    expect((await client.get('/api/social/providers')).body).toEqual({ code: 0, data: { providers: [] } });
    expect(locationOf(await client.request('GET', START))).toBe(failedAt(ERR.SOCIAL_PLATFORM_UNSUPPORTED));
    const owner = await signedInUser(t());
    expect(locationOf(await owner.client.request('GET', LINK))).toBe(
      `${SOCIAL_PAGE_PATHS.account}?reason=${ERR.SOCIAL_PLATFORM_UNSUPPORTED}`,
    );
    expect((await owner.client.get<SocialBindings>('/api/social/bindings')).body.data).toEqual({
      providers: [],
      otherSignIn: true,
    });
    expect((await owner.client.del('/api/social/bindings/acme')).body.code).toBe(ERR.SOCIAL_UNBIND_FAILED);
  });
});
