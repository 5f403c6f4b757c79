import {
  scanLoginEndpoints as E,
  ERR,
  SCAN_TICKET_LIFETIME_SECONDS,
  SCAN_TICKETS_PER_MINUTE,
  scanPhonePath,
} from '@netloom/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isoAt } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import { rateLimitPlugin } from '../../plugins/rateLimit';
import type { Accounts } from '../account';
import type { Auth } from '../auth';
import { browserSecretOf, clearBrowserCookie, setBrowserCookie } from './browserCookie';
import { qrSvg } from './qr';
import type { ScanLoginService } from './service';

export interface ScanLoginRoutesOptions {
  service: ScanLoginService;
  accounts: Pick<Accounts, 'findById' | 'view'>;
  auth: Pick<Auth, 'openSession' | 'permissionsOf'>;
  now(): number;
  cookieSecure: boolean;
  /** The per-IP limit of `/api/auth/*` (0: off, and so is the ticket limit). */
  authRateLimit: number;
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The desktop's `/api/auth/scan…` and the phone's `/api/scan-login/…` (domain `scanLoginEndpoints`). */
export async function scanLoginRoutes(app: FastifyInstance, opts: ScanLoginRoutesOptions): Promise<void> {
  const { service } = opts;
  // The same per-IP limit as the other sign-in routes, and a tighter one on new tickets.
  if (opts.authRateLimit > 0) await app.register(rateLimitPlugin, { perMinute: opts.authRateLimit });

  route(
    app,
    E.create,
    async (request, reply) => {
      const secret = browserSecretOf(request) ?? service.newBrowserSecret();
      const { ticket, expiresAt } = await service.create(secret, request.headers['user-agent'] ?? '');
      // Set again with each ticket: its lifetime follows the newest ticket of this browser.
      setBrowserCookie(reply, secret, opts.cookieSecure);
      const link = `${originOf(request)}${scanPhonePath(ticket)}`;
      return {
        ticket,
        link,
        qrSvg: await qrSvg(link),
        expiresAt: isoAt(expiresAt),
        lifetimeSeconds: SCAN_TICKET_LIFETIME_SECONDS,
      };
    },
    opts.authRateLimit > 0
      ? {
          config: {
            rateLimit: { max: Math.min(SCAN_TICKETS_PER_MINUTE, opts.authRateLimit), timeWindow: 60_000 },
          },
        }
      : {},
  );

  route(app, E.status, async (request, reply) => {
    // The long poll ends early when the browser goes away (a closed tab, a new code).
    const gone = new AbortController();
    reply.raw.on('close', () => gone.abort());
    return service.waitStatus(
      request.params.ticket,
      browserSecretOf(request),
      request.query.known,
      gone.signal,
    );
  });

  route(app, E.redeem, async (request, reply) => {
    const accountId = await service.redeem(request.params.ticket, browserSecretOf(request));
    const [account, flags] = await Promise.all([
      opts.accounts.findById(accountId),
      opts.auth.permissionsOf(accountId),
    ]);
    if (!account || !flags) throw new AppError(ERR.ACCOUNT_NOT_EXIST);
    // The desktop's session exactly as a web sign-in makes it: nl_session (httpOnly) + nl_csrf,
    // ending with the browser (no "remember me" on a scanned sign-in).
    await opts.auth.openSession(reply, accountId, 'web');
    clearBrowserCookie(reply);
    return {
      account: opts.accounts.view(account, opts.now()),
      access: 'web' as const,
      permissions: flags.permissions,
    };
  });

  route(app, E.open, async (request) => service.open(request.params.ticket, sessionOf(request).accountId));
  route(app, E.confirm, async (request) =>
    service.confirm(request.params.ticket, sessionOf(request).accountId),
  );
  route(app, E.refuse, async (request) =>
    service.refuse(request.params.ticket, sessionOf(request).accountId),
  );
}
