import {
  DEMO_FUNCTIONS,
  demoLoginRequestSchema,
  demoLoginResponseSchema,
  ERR,
  serverConfigSchema,
} from '@netloom/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/api';
import { isoAt } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../plugins/auth';
import { rateLimitPlugin } from '../../plugins/rateLimit';
import { toAccount } from '../account/service';
import { DEMO_HOTEL_ID } from './plan';
import type { DemoFeatureOptions, DemoRuntime } from './plugin';

// Demo sign-ins are anonymous and cheap to ask for: a tighter per-IP limit than the other auth routes.
const DEMO_LOGINS_PER_MINUTE = 20;

/** `POST /api/auth/demo` and `GET /api/meta/server-config`. */
export const demoRoutes: FastifyPluginAsyncZod<DemoFeatureOptions & { runtime: DemoRuntime }> = async (
  app,
  { runtime, config, sessions, accounts, authStore, clock },
) => {
  app.get(
    '/api/meta/server-config',
    {
      schema: {
        tags: ['meta'],
        summary: 'serverContains (exper_cfg renaming rules of demo projects) and demoFuncSupport',
        response: responses(serverConfigSchema),
      },
    },
    async () =>
      ok({
        serverContains: { exper_cfg: runtime.plan.experCfg },
        demoFuncSupport: [...DEMO_FUNCTIONS],
        demoEnabled: runtime.enabled,
        demoLandingProjectId: DEMO_HOTEL_ID,
      }),
  );

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    if (config.AUTH_RATE_LIMIT > 0)
      await scope.register(rateLimitPlugin, {
        perMinute: Math.min(config.AUTH_RATE_LIMIT, DEMO_LOGINS_PER_MINUTE),
      });
    scope.post(
      '/api/auth/demo',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Enter the live demo: a session of the demo account (read-only demo projects; 405 on changes)',
          body: demoLoginRequestSchema,
          response: responses(demoLoginResponseSchema),
        },
      },
      async (request, reply) => {
        const accountId = runtime.enabled ? runtime.accountId : undefined;
        // With the demo off (or not yet set up) there is nothing to enter.
        if (accountId === undefined) throw new AppError(ERR.NOT_EXIST, 404);
        const account = await accounts.findById(accountId);
        if (!account) throw new AppError(ERR.NOT_EXIST, 404);
        const now = clock.now();
        // Demo sessions are many and short-lived: sweep expired ones instead of letting rows pile up.
        await authStore.deleteExpiredSessions(isoAt(now));
        const session = await sessions.create(accountId, request.body.client, 0);
        const data = { account: toAccount(account, now), projectId: DEMO_HOTEL_ID };
        if (request.body.client !== 'web') return ok({ ...data, token: session.token });
        const base = { path: '/', sameSite: 'lax' as const, secure: config.COOKIE_SECURE };
        reply.setCookie(SESSION_COOKIE, session.token, { ...base, httpOnly: true });
        reply.setCookie(CSRF_COOKIE, session.csrf ?? '', { ...base, httpOnly: false });
        return ok(data);
      },
    );
  });
};
