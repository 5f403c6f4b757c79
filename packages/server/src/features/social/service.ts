import {
  canUnbindSocial,
  ERR,
  type ErrorCode,
  NICK_MAX_LENGTH,
  SOCIAL_FLOW_TTL_SECONDS,
  SOCIAL_PENDING_TTL_SECONDS,
  type SocialBindings,
  type SocialPending,
  type SocialProvider,
  type socialBindRequestSchema,
  type socialRegisterRequestSchema,
} from '@netloom/domain';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db';
import { type Clock, isoAt } from '../../lib/clock';
import { hasUsablePassword, randomCloudCode, randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { Accounts } from '../account';
import type { Auth } from '../auth';
import { codeTarget, type VerificationCodes } from '../verification';
import { OidcClients } from './oidc';
import type { SocialPendingRow, SocialStore } from './store';

type BindInput = z.output<typeof socialBindRequestSchema>;
type RegisterInput = z.output<typeof socialRegisterRequestSchema>;

/**
 * Not a scrypt hash, so no password matches it: an account registered through a provider signs in
 * with it until a password is set (Forgot password). `hasUsablePassword` tells it apart.
 */
const NO_PASSWORD = '!social-account-has-no-password';

export interface SocialServiceDeps {
  store: SocialStore;
  oidc: OidcClients;
  clock: Clock;
  accounts: Pick<Accounts, 'findById' | 'findByKey' | 'insert'>;
  codes: Pick<VerificationCodes, 'verify'>;
  auth: Pick<Auth, 'authenticate'>;
  /** Configured providers, in the order the console shows them. */
  providers: readonly SocialProvider[];
}

/** A started authorisation: where to send the browser, and the cookie that ties it to the browser. */
export interface StartedFlow {
  url: URL;
  browserToken: string;
}

/** What the provider's redirect back came to. */
export type CallbackOutcome =
  | { kind: 'signedIn'; accountId: number; rememberSeconds: number }
  | { kind: 'pending'; ticket: string }
  | { kind: 'linked' };

/** The redirect back, as the route answers it: where to send the browser, or the code to show. */
export type CallbackResult = { linking: boolean } & (
  | { ok: true; outcome: CallbackOutcome }
  | { ok: false; code: ErrorCode }
);

/**
 * Social sign-in and binding (issue 14 §4). The meanings of the catalogue's codes here:
 * 138 the identity is bound to another account; 139 no identity waits to be bound in this browser
 * (none, or already used); 142 the provider refused, or the redirect back does not match a sign-in
 * started in this browser (unknown, used or foreign state; a used code); 152 (the bind page's
 * explanation) the identity is not bound yet; 158 the account already has an identity of this
 * provider; 159 the sign-in or the waiting identity expired; 160 the account has no binding of this
 * provider; 161 the binding is the account's last way to sign in; 162 the provider cannot be reached
 * or says nothing usable of the person; 163 no such provider is configured.
 */
export class SocialService {
  constructor(private readonly d: SocialServiceDeps) {}

  providers(): SocialProvider[] {
    return [...this.d.providers];
  }

  /** A sign-in (accountId null) or a binding from the account page (the signed-in account). */
  async start(
    provider: string,
    redirectUri: string,
    opts: { accountId: number | null; rememberSeconds: number },
  ): Promise<StartedFlow> {
    this.d.oidc.provider(provider);
    if (opts.accountId !== null) {
      const mine = await this.d.store.identitiesOf(opts.accountId);
      if (mine.some((i) => i.provider === provider)) throw new AppError(ERR.SOCIAL_KIND_ALREADY_BOUND);
    }
    const now = this.d.clock.now();
    await this.d.store.sweep(now);
    const checks = OidcClients.newChecks();
    const url = await this.d.oidc.authorizationUrl(provider, redirectUri, checks);
    const browserToken = randomToken();
    await this.d.store.addFlow({
      state_hash: sha256(checks.state),
      browser_hash: sha256(browserToken),
      provider,
      redirect_uri: redirectUri,
      code_verifier: checks.codeVerifier,
      nonce: checks.nonce,
      account_id: opts.accountId,
      remember_seconds: opts.rememberSeconds,
      expires_at: now + SOCIAL_FLOW_TTL_SECONDS * 1000,
    });
    return { url, browserToken };
  }

  /**
   * The redirect back: `query` is the provider's query string as it came, `browserToken` the flow
   * cookie of this browser: where the person stands, or the code to show.
   * The flow is deleted first, whatever follows: a state (and so its code) is used once.
   */
  async callback(
    provider: string,
    query: URLSearchParams,
    browserToken: string | undefined,
  ): Promise<CallbackResult> {
    const state = query.get('state');
    const flow = state ? await this.d.store.takeFlow(sha256(state)) : undefined;
    if (!state || !flow || flow.provider !== provider) {
      return { linking: false, ok: false, code: ERR.SOCIAL_AUTH_FAILED };
    }
    const linking = flow.account_id !== null;
    try {
      if (!browserToken || sha256(browserToken) !== flow.browser_hash)
        throw new AppError(ERR.SOCIAL_AUTH_FAILED);
      if (flow.expires_at <= this.d.clock.now()) throw new AppError(ERR.SOCIAL_AUTH_EXPIRED);
      if (query.has('error')) throw new AppError(ERR.SOCIAL_AUTH_FAILED);
      const currentUrl = new URL(flow.redirect_uri);
      currentUrl.search = query.toString();
      const identity = await this.d.oidc.exchange(provider, currentUrl, {
        state,
        nonce: flow.nonce,
        codeVerifier: flow.code_verifier,
      });
      if (flow.account_id !== null) {
        await this.bind(flow.account_id, provider, identity.subject, identity.name ?? identity.email);
        return { linking, ok: true, outcome: { kind: 'linked' } };
      }
      const bound = await this.d.store.identity(provider, identity.subject);
      if (bound) {
        return {
          linking,
          ok: true,
          outcome: { kind: 'signedIn', accountId: bound.account_id, rememberSeconds: flow.remember_seconds },
        };
      }
      const ticket = randomToken();
      await this.d.store.addPending({
        ticket_hash: sha256(ticket),
        provider,
        subject: identity.subject,
        name: identity.name,
        email: identity.email,
        expires_at: this.d.clock.now() + SOCIAL_PENDING_TTL_SECONDS * 1000,
      });
      return { linking, ok: true, outcome: { kind: 'pending', ticket } };
    } catch (error) {
      if (error instanceof AppError) return { linking, ok: false, code: error.code };
      throw error;
    }
  }

  /** The identity waiting in this browser (139 none, 159 expired). */
  async pending(ticket: string | undefined): Promise<SocialPending> {
    const row = await this.livePending(ticket);
    return { provider: this.label(row.provider), name: row.name, email: row.email };
  }

  /** Binds the waiting identity to the account the credentials prove; the account to sign in. */
  async bindPending(ticket: string | undefined, input: BindInput): Promise<{ accountId: number }> {
    await this.livePending(ticket);
    const accountId = await this.d.auth.authenticate(input);
    const row = await this.takePending(ticket);
    await this.bind(accountId, row.provider, row.subject, row.name ?? row.email);
    return { accountId };
  }

  /** Registers a new account (its e-mail proved by a register code) for the waiting identity. */
  async registerPending(ticket: string | undefined, input: RegisterInput): Promise<{ accountId: number }> {
    const waiting = await this.livePending(ticket);
    const key = { email: input.email };
    if (await this.d.accounts.findByKey(key)) throw new AppError(ERR.ACCOUNT_EXISTS);
    await this.d.codes.verify(codeTarget({ channel: 'email', email: input.email }), 'register', input.code);
    const row = await this.takePending(ticket);
    const nick = (waiting.name ?? input.email.split('@')[0] ?? input.email).slice(0, NICK_MAX_LENGTH);
    let accountId: number;
    try {
      accountId = await this.d.accounts.insert({
        cloudCode: randomCloudCode(),
        key,
        passwordHash: NO_PASSWORD,
        nick,
        now: isoAt(this.d.clock.now()),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ERR.ACCOUNT_EXISTS);
      throw error;
    }
    await this.bind(accountId, row.provider, row.subject, row.name ?? row.email);
    return { accountId };
  }

  /** The configured providers (and any other the account is still bound to) with its bindings. */
  async bindings(accountId: number): Promise<SocialBindings> {
    const [account, mine] = await Promise.all([
      this.d.accounts.findById(accountId),
      this.d.store.identitiesOf(accountId),
    ]);
    if (!account) throw new AppError(ERR.NOT_SIGNED_IN);
    const ids = [...this.d.providers.map((p) => p.id), ...mine.map((i) => i.provider)];
    const providers = [...new Set(ids)].map((id) => {
      const binding = mine.find((i) => i.provider === id);
      return {
        ...this.label(id),
        binding: binding ? { name: binding.name, boundAt: isoAt(binding.created_at) } : null,
      };
    });
    return { providers, otherSignIn: hasUsablePassword(account.password_hash) || account.mobile !== null };
  }

  /** Unbinds a provider (160 not bound; 161 the last way to sign in). */
  async unbind(accountId: number, provider: string): Promise<void> {
    const [account, mine] = await Promise.all([
      this.d.accounts.findById(accountId),
      this.d.store.identitiesOf(accountId),
    ]);
    if (!account) throw new AppError(ERR.NOT_SIGNED_IN);
    if (!mine.some((i) => i.provider === provider)) throw new AppError(ERR.SOCIAL_UNBIND_FAILED);
    const allowed = canUnbindSocial({
      hasPassword: hasUsablePassword(account.password_hash),
      hasMobile: account.mobile !== null,
      otherBindings: mine.filter((i) => i.provider !== provider).length,
    });
    if (!allowed) throw new AppError(ERR.SOCIAL_UNBIND_LAST_METHOD);
    if (!(await this.d.store.unbind(accountId, provider))) throw new AppError(ERR.SOCIAL_UNBIND_FAILED);
  }

  /** One identity per account and provider (158), one account per identity (138). */
  private async bind(
    accountId: number,
    provider: string,
    subject: string,
    name: string | null,
  ): Promise<void> {
    const owner = await this.d.store.identity(provider, subject);
    if (owner?.account_id === accountId) return;
    if (owner) throw new AppError(ERR.SOCIAL_ACCOUNT_BOUND_ELSEWHERE);
    const mine = await this.d.store.identitiesOf(accountId);
    if (mine.some((i) => i.provider === provider)) throw new AppError(ERR.SOCIAL_KIND_ALREADY_BOUND);
    try {
      await this.d.store.bind({
        account_id: accountId,
        provider,
        subject,
        name,
        created_at: this.d.clock.now(),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Bound meanwhile (two tabs): say which of the two rules it broke.
      const now = await this.d.store.identity(provider, subject);
      throw new AppError(
        now && now.account_id !== accountId
          ? ERR.SOCIAL_ACCOUNT_BOUND_ELSEWHERE
          : ERR.SOCIAL_KIND_ALREADY_BOUND,
      );
    }
  }

  private async livePending(ticket: string | undefined): Promise<SocialPendingRow> {
    const row = ticket ? await this.d.store.pending(sha256(ticket)) : undefined;
    if (!row) throw new AppError(ERR.SOCIAL_BIND_FAILED);
    if (row.expires_at <= this.d.clock.now()) throw new AppError(ERR.SOCIAL_AUTH_EXPIRED);
    return row;
  }

  /** The waiting identity, deleted: a second submit of the same form finds nothing (139). */
  private async takePending(ticket: string | undefined): Promise<SocialPendingRow> {
    const row = ticket ? await this.d.store.takePending(sha256(ticket)) : undefined;
    if (!row) throw new AppError(ERR.SOCIAL_BIND_FAILED);
    return row;
  }

  private label(id: string): SocialProvider {
    return this.d.providers.find((p) => p.id === id) ?? { id, label: id };
  }
}
