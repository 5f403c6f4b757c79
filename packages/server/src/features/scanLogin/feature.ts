import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { Accounts } from '../account';
import type { Auth } from '../auth';
import { scanLoginRoutes } from './routes';
import { ScanLoginService } from './service';
import { ScanLoginStore } from './store';
import { TicketWaiters } from './waiters';

export interface ScanLoginDeps {
  db: Db;
  clock: Clock;
  accounts: Pick<Accounts, 'findById' | 'view'>;
  /** The desktop's session is opened by sign-in, exactly as a web login opens it. */
  auth: Pick<Auth, 'openSession' | 'permissionsOf'>;
  cookieSecure: boolean;
  /** The per-IP limit of `/api/auth/*` (0: off). */
  authRateLimit: number;
}

export type ScanLoginFeature = Feature;

/**
 * Scan-to-login (issue 14 §3): the login page's QR code, the phone that confirms or refuses it, and
 * the desktop's sign-in once confirmed. No device handlers; its stop ends the waiting long polls.
 */
export function createScanLoginFeature(deps: ScanLoginDeps): ScanLoginFeature {
  const waiters = new TicketWaiters();
  const service = new ScanLoginService(new ScanLoginStore(deps.db), deps.clock, waiters);
  return {
    name: 'scanLogin',
    routes: (app) =>
      scanLoginRoutes(app, {
        service,
        accounts: deps.accounts,
        auth: deps.auth,
        now: () => deps.clock.now(),
        cookieSecure: deps.cookieSecure,
        authRateLimit: deps.authRateLimit,
      }),
    stop: () => waiters.close(),
  };
}
