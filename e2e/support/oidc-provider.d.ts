// oidc-provider ships no types (and this repo adds no @types package): the little the tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
  }
  interface Account {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients?: ClientMetadata[];
    claims?: Record<string, string[]>;
    findAccount?(ctx: unknown, id: string): Account | undefined | Promise<Account | undefined>;
    conformIdTokenClaims?: boolean;
    cookies?: { keys?: string[] };
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
