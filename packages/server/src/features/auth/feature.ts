import { type AccessType, ERR, type loginRequestSchema, type PermissionOverrides } from '@netloom/domain';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db';
import type { PeerChannel } from '../../gateway/types';
import { type Clock, isoAt } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Feature } from '../../lib/feature';
import type { SessionResolver } from '../../plugins/auth';
import { rateLimitPlugin } from '../../plugins/rateLimit';
import type { Accounts } from '../account';
import type { VerificationCodes } from '../verification';
import { originOf, setSessionCookies } from './cookies';
import { type AccountPermissions, PermissionStore } from './permissions';
import { authRoutes } from './routes';
import { AuthService } from './service';
import { SessionService } from './sessions';
import { AuthStore } from './store';

/** What the infrastructure and the other features ask of sign-in. */
export interface Auth {
  /** Token → session, for the auth plugin's `requireSession`. */
  readonly sessions: SessionResolver;
  /** An account's role and effective §6 permission flags (the project access guard's menu check). */
  permissionsOf(accountId: number): Promise<AccountPermissions | undefined>;
  /**
   * Signs an account in without credentials — the live demo's visitor: a web client gets the
   * session cookies (ending with the browser), another the token, which is returned.
   */
  openSession(
    reply: FastifyReply,
    accountId: number,
    client: AccessType,
    rememberSeconds?: number,
  ): Promise<{ token?: string }>;
  /**
   * The account that sign-in credentials prove, without opening a session (social binding proves
   * ownership this way): the same checks, failures and lock-out as `POST /api/auth/login`.
   */
  authenticate(input: z.output<typeof loginRequestSchema>): Promise<number>;
  /** Deletes expired sessions (the demo's many short-lived ones would pile up). */
  sweepExpiredSessions(): Promise<void>;
  /** Calls `fn` with the id of every session signed out on this node (remote web sessions end with it). */
  onSessionEnded(fn: (sessionId: number) => void): void;
  /** Calls `fn` with the id of every session signed out on any node (the live channel's sockets). */
  onSessionEndedAnywhere(fn: (sessionId: number) => void): void;
  /** Ends every open session of an account an administrator disabled (each then answers 520). */
  endSessionsOfDisabled(accountId: number): Promise<void>;
  /** The stored §6 flag overrides of these accounts (absent: none; account management's list). */
  permissionOverridesOf(accountIds: readonly number[]): Promise<Map<number, PermissionOverrides>>;
  /** Replaces an account's flag overrides (an empty object: its role's defaults). */
  setPermissionOverrides(accountId: number, overrides: PermissionOverrides): Promise<void>;
  /** The account's sessions and its "one active session" option (the sessions feature, issue 14 §5). */
  readonly accountSessions: AccountSessions;
}

/** One session in force, as the list of My account needs it. */
export interface SessionRecord {
  id: number;
  client: string;
  userAgent: string | null;
  ip: string | null;
  /** ISO 8601. */
  createdAt: string;
  lastSeenAt: string;
}

export interface AccountSessions {
  activeOf(accountId: number): Promise<SessionRecord[]>;
  /** false when the session is not the account's. */
  endOne(accountId: number, sessionId: number): Promise<boolean>;
  /** How many ended. */
  endOthers(accountId: number, keepSessionId: number): Promise<number>;
  oneSession(accountId: number): Promise<boolean>;
  setOneSession(accountId: number, on: boolean): Promise<void>;
}

export interface AuthDeps {
  db: Db;
  clock: Clock;
  accounts: Accounts;
  codes: VerificationCodes;
  cookieSecure: boolean;
  /** Requests per minute per client IP to `/api/auth/*`; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Verification codes per client IP per CODE_RATE_WINDOW_MS, whatever the destination (with the limit above). */
  codesPerSource: number;
  /** scrypt cost as log2(N). */
  scryptLogN: number;
  /** The other nodes (external broker; null alone): sessions ended here are told to them. */
  peers?: PeerChannel | null;
}

export interface AuthFeature extends Feature, Auth {}

/**
 * Sign-in: registration, password and SMS sign-in, password reset and change, sessions (cookie or
 * bearer) and §6 permission flags — `/api/auth/…` (domain `authEndpoints`).
 */
export function createAuthFeature(deps: AuthDeps): AuthFeature {
  const store = new AuthStore(deps.db);
  const sessions = new SessionService(
    store,
    deps.clock,
    async (accountId) => {
      const account = await deps.accounts.findById(accountId);
      if (account?.disabled_at) throw new AppError(ERR.ACCOUNT_DISABLED, 403);
    },
    deps.peers ?? null,
  );
  const permissions = new PermissionStore(deps.db);
  const auth = new AuthService(deps.accounts, store, deps.codes, sessions, deps.clock, {
    scryptLogN: deps.scryptLogN,
  });
  return {
    name: 'auth',
    async routes(app) {
      // One per-IP limit over every /api/auth route of this scope (code 2010 when exceeded).
      if (deps.rateLimitPerMinute > 0)
        await app.register(rateLimitPlugin, { perMinute: deps.rateLimitPerMinute });
      await authRoutes(app, {
        auth,
        cookieSecure: deps.cookieSecure,
        permissions,
        codesPerSource: deps.rateLimitPerMinute > 0 ? deps.codesPerSource : 0,
      });
    },
    sessions,
    permissionsOf: (accountId) => permissions.of(accountId),
    async openSession(reply, accountId, client, rememberSeconds = 0) {
      const session = await sessions.create(accountId, client, rememberSeconds, originOf(reply.request));
      if (client !== 'web') return { token: session.token };
      setSessionCookies(reply, session, rememberSeconds, deps.cookieSecure);
      return {};
    },
    authenticate: async (input) => (await auth.authenticate(input)).id,
    sweepExpiredSessions: () => sessions.sweepExpired(),
    onSessionEnded: (fn) => sessions.onEnded(fn),
    onSessionEndedAnywhere: (fn) => sessions.onEndedAnywhere(fn),
    endSessionsOfDisabled: (accountId) => sessions.revokeForDisabled(accountId),
    permissionOverridesOf: (accountIds) => permissions.overridesOf(accountIds),
    setPermissionOverrides: (accountId, overrides) =>
      permissions.set(accountId, overrides, isoAt(deps.clock.now())),
    accountSessions: {
      activeOf: async (accountId) =>
        (await sessions.activeOf(accountId)).map((r) => ({
          id: r.id,
          client: r.client,
          userAgent: r.user_agent,
          ip: r.ip,
          createdAt: r.created_at,
          lastSeenAt: r.last_seen_at,
        })),
      endOne: (accountId, sessionId) => sessions.endOne(accountId, sessionId),
      endOthers: (accountId, keep) => sessions.endOthers(accountId, keep),
      oneSession: (accountId) => sessions.oneSession(accountId),
      setOneSession: (accountId, on) => sessions.setOneSession(accountId, on),
    },
  };
}
