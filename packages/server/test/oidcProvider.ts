import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on a free port of 127.0.0.1, with one confidential
 * client and its development login and consent pages: any login name signs in as that subject.
 * (On Node 20 it prints an "unsupported runtime" warning: harmless.)
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The SOCIAL_PROVIDERS value that points the console at this provider, as provider `id`. */
  env(id: string, label: string): string;
  close(): Promise<void>;
}

/** What the provider says of each login name (sub = the login name). */
export type Profiles = Record<string, { email?: string; name?: string }>;

export async function startOidcProvider(opts: {
  redirectUris: string[];
  profiles?: Profiles;
}): Promise<TestOidcProvider> {
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => handle?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'netloom';
  const clientSecret = 'netloom-test-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => {
        const p = opts.profiles?.[id] ?? {};
        return {
          sub: id,
          ...(p.email ? { email: p.email, email_verified: true } : {}),
          ...(p.name ? { name: p.name } : {}),
        };
      },
    }),
    // The ID token carries the claims (no userinfo call needed to prefill the bind page).
    conformIdTokenClaims: false,
    cookies: { keys: ['netloom-test-cookie-key'] },
  });
  handle = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    env: (id, label) => JSON.stringify([{ id, label, issuer, clientId, clientSecret }]),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A person in a browser at the provider: follows its redirects, signs in on its login page and
 * consents, until the provider redirects back to `callbackPrefix`; that URL is returned. Keeps the
 * provider's cookies, so a second sign-in goes straight through (as a browser would).
 */
export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly login: string) {}

  async authorize(authorizationUrl: string, callbackPrefix: string): Promise<URL> {
    let url = new URL(authorizationUrl);
    let form: URLSearchParams | null = null;
    for (let step = 0; step < 12; step++) {
      const res = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: form.toString() } : {}),
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair = ''] = c.split(';');
        const eq = pair.indexOf('=');
        this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      const location = res.headers.get('location');
      if (location) {
        url = new URL(location, url);
        form = null;
        if (url.toString().startsWith(callbackPrefix)) return url;
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`provider page without a form (${res.status}): ${html.slice(0, 300)}`);
      url = new URL(action.replace(/&amp;/g, '&'), url);
      form = html.includes('name="prompt" value="login"')
        ? new URLSearchParams({ prompt: 'login', login: this.login, password: 'whatever' })
        : new URLSearchParams({ prompt: 'consent' });
    }
    throw new Error('the provider never redirected back');
  }
}
