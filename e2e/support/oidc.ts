import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The provider id and button label the e2e console is configured with (SOCIAL_PROVIDERS). */
export const E2E_PROVIDER = { id: 'acme', label: 'Acme ID' } as const;

/**
 * A real OpenID Connect provider (oidc-provider, its development login and consent pages) for the
 * suite's social sign-in test. It listens first (its issuer URL goes into the console's
 * SOCIAL_PROVIDERS); once the console is up and its address known, `attach` registers the client
 * with the console's redirect URI. Any login name signs in as that subject.
 */
export interface E2eOidcProvider {
  /** The SOCIAL_PROVIDERS value for the console. */
  env: string;
  attach(consoleUrl: string): void;
  close(): Promise<void>;
}

export async function startOidcProvider(): Promise<E2eOidcProvider> {
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handle) handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = { client_id: 'netloom-e2e', client_secret: 'netloom-e2e-secret-0123456789abcdef' };
  return {
    env: JSON.stringify([
      { ...E2E_PROVIDER, issuer, clientId: client.client_id, clientSecret: client.client_secret },
    ]),
    attach(consoleUrl) {
      const provider = new Provider(issuer, {
        clients: [
          {
            ...client,
            redirect_uris: [`${consoleUrl}/api/social/providers/${E2E_PROVIDER.id}/callback`],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        findAccount: (_ctx, id) => ({
          accountId: id,
          claims: () => ({ sub: id, name: `Person ${id}`, email: `${id}@idp.example`, email_verified: true }),
        }),
        conformIdTokenClaims: false,
        cookies: { keys: ['netloom-e2e-cookie-key'] },
      });
      handle = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
