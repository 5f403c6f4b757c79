import type { Db } from '../../db';
import type { Feature } from '../../lib/feature';
import { accountsRoutes } from './routes';
import { AccountsService, type AccountsServiceDeps } from './service';
import { AccountAuditStore } from './store';

export interface AccountsDeps extends Omit<AccountsServiceDeps, 'audit'> {
  db: Db;
}

/**
 * Account management — `/api/accounts…` (domain `accountsEndpoints`): the manufacturer's list of
 * accounts and their role, member level, status and permission flags. Owns `account_audit`; the
 * accounts themselves are the account feature's, sessions and flags the auth feature's.
 */
export function createAccountsFeature(deps: AccountsDeps): Feature {
  const accounts = new AccountsService({ ...deps, audit: new AccountAuditStore(deps.db) });
  return { name: 'accounts', routes: (app) => accountsRoutes(app, { accounts }) };
}
