import { ERR } from '@netloom/domain';
import * as client from 'openid-client';
import { AppError } from '../../lib/errors';
import type { SocialProviderConfig } from '../../socialConfig';

/** What the provider says of the person who signed in. */
export interface SocialIdentity {
  /** The ID token's `sub`: stable per provider, the key of a binding. */
  subject: string;
  name: string | null;
  email: string | null;
}

/** What one authorisation needs to be checked when the provider redirects back. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A provider on this machine (tests, development) is reached over plain HTTP; any other needs HTTPS. */
function isLoopback(issuer: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

/**
 * The OpenID Connect relying party (openid-client v6): discovery once per provider (retried after a
 * failure), the authorisation URL with PKCE (S256), state and nonce, and the code exchange, whose
 * ID token is checked (issuer, audience, signature, nonce) by openid-client.
 */
export class OidcClients {
  private readonly configs = new Map<string, Promise<client.Configuration>>();

  constructor(private readonly providers: readonly SocialProviderConfig[]) {}

  provider(id: string): SocialProviderConfig {
    const p = this.providers.find((x) => x.id === id);
    if (!p) throw new AppError(ERR.SOCIAL_PLATFORM_UNSUPPORTED);
    return p;
  }

  /** Fresh random state, nonce and PKCE verifier for one authorisation. */
  static newChecks(): AuthorizationChecks {
    return {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
  }

  async authorizationUrl(id: string, redirectUri: string, checks: AuthorizationChecks): Promise<URL> {
    const p = this.provider(id);
    const config = await this.config(p);
    return client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: p.scope,
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /**
   * Exchanges the code of the redirect back (`currentUrl`: the redirect URI with the provider's
   * query) and reads the identity from the checked ID token. A refusal by the provider (an error in
   * the redirect, a used or unknown code, a state or nonce that does not match) is 142; a provider
   * that cannot be reached or whose token carries no subject is 162.
   */
  async exchange(id: string, currentUrl: URL, checks: AuthorizationChecks): Promise<SocialIdentity> {
    const config = await this.config(this.provider(id));
    let claims: client.IDToken | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      throw new AppError(isUnreachable(error) ? ERR.SOCIAL_PROFILE_UNAVAILABLE : ERR.SOCIAL_AUTH_FAILED);
    }
    if (!claims?.sub) throw new AppError(ERR.SOCIAL_PROFILE_UNAVAILABLE);
    const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
    return {
      subject: claims.sub,
      name: text(claims.name) ?? text(claims.preferred_username),
      email: claims.email_verified === false ? null : text(claims.email),
    };
  }

  private config(p: SocialProviderConfig): Promise<client.Configuration> {
    let config = this.configs.get(p.id);
    if (!config) {
      const issuer = new URL(p.issuer);
      config = client
        .discovery(issuer, p.clientId, undefined, client.ClientSecretBasic(p.clientSecret), {
          ...(isLoopback(issuer) && issuer.protocol === 'http:'
            ? { execute: [client.allowInsecureRequests] }
            : {}),
        })
        .catch(() => {
          // Not cached: the next sign-in tries the provider again.
          this.configs.delete(p.id);
          throw new AppError(ERR.SOCIAL_PROFILE_UNAVAILABLE);
        });
      this.configs.set(p.id, config);
    }
    return config;
  }
}

/** A network failure (fetch's TypeError) rather than an answer from the provider. */
function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.name === 'AbortError');
}
