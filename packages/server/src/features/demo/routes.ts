import { DEMO_FUNCTIONS, demoEndpoints as E, ERR } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { rateLimitPlugin } from '../../plugins/rateLimit';
import type { Accounts } from '../account';
import type { Auth } from '../auth';
import { DEMO_HOTEL_ID, type DemoPlan } from './plan';

// Demo sign-ins are anonymous and cheap to ask for: a tighter per-IP limit than the other auth routes.
const DEMO_LOGINS_PER_MINUTE = 20;

export interface DemoRoutesOptions {
  enabled: boolean;
  plan: DemoPlan;
  accountId(): number | undefined;
  accounts: Pick<Accounts, 'findById' | 'view'>;
  auth: Pick<Auth, 'openSession' | 'sweepExpiredSessions'>;
  now(): number;
  /** The per-IP limit of `/api/auth/*` (0: off); the demo sign-in takes the tighter of it and its own. */
  authRateLimit: number;
}

/** `GET /api/meta/server-config` and `POST /api/auth/demo` (domain `demoEndpoints`). */
export async function demoRoutes(app: FastifyInstance, opts: DemoRoutesOptions): Promise<void> {
  route(app, E.serverConfig, async () => ({
    serverContains: { exper_cfg: opts.plan.experCfg },
    demoFuncSupport: [...DEMO_FUNCTIONS],
    demoEnabled: opts.enabled,
    demoLandingProjectId: DEMO_HOTEL_ID,
  }));

  await app.register(async (limited) => {
    if (opts.authRateLimit > 0)
      await limited.register(rateLimitPlugin, {
        perMinute: Math.min(opts.authRateLimit, DEMO_LOGINS_PER_MINUTE),
      });
    route(limited, E.login, async (request, reply) => {
      const accountId = opts.enabled ? opts.accountId() : undefined;
      // With the demo off (or not yet set up) there is nothing to enter.
      if (accountId === undefined) throw new AppError(ERR.NOT_EXIST, 404);
      const account = await opts.accounts.findById(accountId);
      if (!account) throw new AppError(ERR.NOT_EXIST, 404);
      // Demo sessions are many and short-lived: sweep expired ones instead of letting rows pile up.
      await opts.auth.sweepExpiredSessions();
      const { token } = await opts.auth.openSession(reply, accountId, request.body.client);
      const data = { account: opts.accounts.view(account, opts.now()), projectId: DEMO_HOTEL_ID };
      return token === undefined ? data : { ...data, token };
    });
  });
}
