import {
  type AccessType,
  accountSchema,
  changePasswordRequestSchema,
  ERR,
  emptySchema,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  type SessionInfo,
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  sessionInfoSchema,
} from '@netloom/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/api';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { CSRF_COOKIE, SESSION_COOKIE, sessionOf } from '../../plugins/auth';
import { toAccount } from '../account/service';
import type { PermissionStore } from './permissions';
import type { AuthService } from './service';
import type { NewSession } from './sessions';

const tags = ['auth'];

export interface AuthRoutesOptions {
  auth: AuthService;
  clock: Clock;
  cookieSecure: boolean;
  permissions: PermissionStore;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, clock, cookieSecure, permissions },
) => {
  // The session as the console needs it: account, access type, effective §6 flags.
  async function sessionInfo(accountId: number, access: AccessType): Promise<SessionInfo> {
    const [account, flags] = await Promise.all([auth.account(accountId), permissions.of(accountId)]);
    if (!flags) throw new AppError(ERR.NOT_SIGNED_IN);
    return { account, access, permissions: flags.permissions };
  }

  // nl_session is httpOnly; nl_csrf is readable by the page, which echoes it in X-CSRF-Token.
  // rememberSeconds > 0 → Max-Age; 0 → a session cookie that ends with the browser (§6, §9).
  function setSessionCookies(reply: FastifyReply, session: NewSession, rememberSeconds: number) {
    const base = { path: '/', sameSite: 'lax' as const, secure: cookieSecure };
    const maxAge = rememberSeconds > 0 ? { maxAge: rememberSeconds } : {};
    reply.setCookie(SESSION_COOKIE, session.token, { ...base, ...maxAge, httpOnly: true });
    reply.setCookie(CSRF_COOKIE, session.csrf ?? '', { ...base, ...maxAge, httpOnly: false });
  }

  app.post(
    '/codes',
    {
      schema: {
        tags,
        summary: 'Send a verification code (e-mail 6 digits, SMS 4 digits): 13, 22, 1, 51, 52, 53, 2010',
        body: sendCodeRequestSchema,
        response: responses(sendCodeResponseSchema),
      },
    },
    async (request) => ok(await auth.sendCode(request.body)),
  );

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Register with e-mail or mobile and a code (12, 13, 75); does not sign in',
        body: registerRequestSchema,
        response: responses(z.object({ account: accountSchema })),
      },
    },
    async (request) => ok({ account: toAccount(await auth.register(request.body), clock.now()) }),
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary:
          'Sign in (4, 12, 75, 80): account, access type, permission flags. web: cookies nl_session + nl_csrf; openapi/app: token in body',
        body: loginRequestSchema,
        response: responses(loginResponseSchema),
      },
    },
    async (request, reply) => {
      const { account, session } = await auth.login(request.body);
      const data = await sessionInfo(account.id, request.body.client);
      if (request.body.client !== 'web') return ok({ ...data, token: session.token });
      setSessionCookies(reply, session, request.body.rememberSeconds);
      return ok(data);
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags,
        summary: 'Reset a forgotten password with a code (22, 12, 75); ends every session',
        body: resetPasswordRequestSchema,
        response: responses(emptySchema),
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return ok({});
    },
  );

  app.register(signedInRoutes);
  async function signedInRoutes(signedIn: Parameters<typeof authRoutes>[0]) {
    signedIn.addHook('preHandler', app.requireSession);

    signedIn.get(
      '/session',
      {
        schema: {
          tags,
          summary: 'The signed-in account, access type and permission flags (401, 70)',
          response: responses(sessionInfoSchema),
        },
      },
      async (request) => {
        const session = sessionOf(request);
        return ok(await sessionInfo(session.accountId, session.client));
      },
    );

    signedIn.post(
      '/password/change',
      {
        schema: {
          tags,
          summary: 'Change password (100); every other session then answers 70',
          body: changePasswordRequestSchema,
          response: responses(emptySchema),
        },
      },
      async (request) => {
        const session = sessionOf(request);
        await auth.changePassword(session.accountId, session.id, request.body);
        return ok({});
      },
    );

    signedIn.post(
      '/logout',
      {
        schema: {
          tags,
          summary: 'Sign out: ends the session and clears both cookies',
          response: responses(emptySchema),
        },
      },
      async (request, reply) => {
        await auth.logout(sessionOf(request).id);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        reply.clearCookie(CSRF_COOKIE, { path: '/' });
        return ok({});
      },
    );
  }
};
