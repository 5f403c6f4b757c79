import { transferEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { TransferService } from './service';

/** Transfer routes (domain `transferEndpoints`): the owner's code, then the transfer. */
export async function transferRoutes(app: FastifyInstance, { transfer }: { transfer: TransferService }) {
  route(app, E.code, async (request) => transfer.sendCode(projectAccessOf(request)));
  route(app, E.transfer, async (request) => transfer.transfer(projectAccessOf(request), request.body));
}
