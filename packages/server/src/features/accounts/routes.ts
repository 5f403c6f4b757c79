import { accountsEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import type { AccountsService } from './service';

/** Account management routes (domain `accountsEndpoints`): the manufacturer role only (403 else). */
export async function accountsRoutes(app: FastifyInstance, { accounts }: { accounts: AccountsService }) {
  route(app, E.list, async (request) => {
    await accounts.requireAdmin(sessionOf(request).accountId);
    return accounts.list(request.query);
  });
  route(app, E.update, async (request) => {
    const { accountId } = sessionOf(request);
    await accounts.requireAdmin(accountId);
    return accounts.update(accountId, request.params.accountId, request.body);
  });
  route(app, E.audit, async (request) => {
    await accounts.requireAdmin(sessionOf(request).accountId);
    return accounts.audit(request.params.accountId);
  });
}
