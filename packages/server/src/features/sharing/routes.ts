/** The sharing routes (domain `sharingEndpoints`): thin, the rules are the service's. */
import { sharingEndpoints as E } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import { projectAccessOf } from '../../plugins/projectAccess';
import type { SharingService } from './service';

export async function sharingRoutes(app: FastifyInstance, { service }: { service: SharingService }) {
  route(app, E.list, async (request) => service.list(projectAccessOf(request)));
  route(app, E.create, async (request) => service.share(projectAccessOf(request), request.body));
  route(app, E.update, async (request) =>
    service.update(projectAccessOf(request), request.params.accountId, request.body),
  );
  route(app, E.revoke, async (request) => {
    await service.revoke(projectAccessOf(request), request.params.accountId);
    return {};
  });
  route(app, E.invitations, async (request) => service.invitations(projectAccessOf(request)));
  route(app, E.createInvitation, async (request) =>
    service.createInvitation(projectAccessOf(request), request.body),
  );
  route(app, E.deleteInvitation, async (request) => {
    await service.deleteInvitation(projectAccessOf(request), request.params.invitationId);
    return {};
  });
  route(app, E.redeem, async (request) => service.redeem(sessionOf(request).accountId, request.body.code));
  route(app, E.leave, async (request) => {
    await service.leave(sessionOf(request).accountId, request.params.projectId);
    return {};
  });
}
