import { type AccessType, authEndpoints as E, ERR, type SessionInfo } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import { clearSessionCookies, originOf, setSessionCookies } from './cookies';
import type { PermissionStore } from './permissions';
import type { AuthService } from './service';

export interface AuthRoutesOptions {
  auth: AuthService;
  cookieSecure: boolean;
  permissions: PermissionStore;
  /** Codes per client IP per CODE_RATE_WINDOW_MS; 0 when rate limits are off. */
  codesPerSource: number;
}

/**
 * The window of the per-source code limit. Per-destination limits (the resend countdown, the SMS
 * minute/hour/day counts) stop one address being flooded; this stops one source from spraying codes
 * at many addresses, well below the general per-IP limit of the auth routes.
 */
export const CODE_RATE_WINDOW_MS = 10 * 60_000;

/** Sign-in routes (domain `authEndpoints`): codes, register, login, passwords, session, logout. */
export async function authRoutes(
  app: FastifyInstance,
  { auth, cookieSecure, permissions, codesPerSource }: AuthRoutesOptions,
): Promise<void> {
  // The session as the console needs it: account, access type, effective §6 flags.
  async function sessionInfo(accountId: number, access: AccessType): Promise<SessionInfo> {
    const [account, flags] = await Promise.all([auth.account(accountId), permissions.of(accountId)]);
    if (!flags) throw new AppError(ERR.NOT_SIGNED_IN);
    return { account, access, permissions: flags.permissions };
  }

  route(
    app,
    E.sendCode,
    async (request) => auth.sendCode(request.body),
    // Its own counter (in memory, per node, by client IP) under the scope's rate-limit plugin.
    codesPerSource > 0
      ? { config: { rateLimit: { max: codesPerSource, timeWindow: CODE_RATE_WINDOW_MS } } }
      : {},
  );
  route(app, E.register, async (request) => ({ account: auth.view(await auth.register(request.body)) }));
  route(app, E.login, async (request, reply) => {
    const { account, session } = await auth.login(request.body, originOf(request));
    const data = await sessionInfo(account.id, request.body.client);
    if (request.body.client !== 'web') return { ...data, token: session.token };
    setSessionCookies(reply, session, request.body.rememberSeconds, cookieSecure);
    return data;
  });
  route(app, E.resetPassword, async (request) => {
    await auth.resetPassword(request.body);
    return {};
  });
  route(app, E.session, async (request) => {
    const session = sessionOf(request);
    return sessionInfo(session.accountId, session.client);
  });
  route(app, E.changePassword, async (request) => {
    const session = sessionOf(request);
    await auth.changePassword(session.accountId, session.id, request.body);
    return {};
  });
  route(app, E.logout, async (request, reply) => {
    await auth.logout(sessionOf(request).id);
    clearSessionCookies(reply);
    return {};
  });
}
