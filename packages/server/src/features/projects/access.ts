import { ERR, type ProjectRight } from '@netloom/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors';
import { sessionOf } from '../../plugins/auth';
import type { ProjectStore } from './store';

/** The caller's verified access to the project named in the URL. */
export interface ProjectAccess {
  projectId: number;
  accountId: number;
  right: ProjectRight;
}

/** What a route needs: 'r' any member, 'rw' a member who may change it, 'own' the owner only. */
export type RequiredRight = 'r' | 'rw' | 'own';

declare module 'fastify' {
  interface FastifyRequest {
    projectAccess: ProjectAccess | null;
  }
  interface FastifyInstance {
    /**
     * preHandler factory for every project-scoped route (this feature and later ones): reads the
     * project id from the `id` (or `projectId`) URL parameter and checks membership and right in the
     * database — never the client's session-storage copy. Not a member → 73; read-only on a change
     * → 916; owner-only and not the owner → 403. Must run after `app.requireSession`.
     */
    requireProjectRight: (
      need: RequiredRight,
    ) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function projectAccessOf(request: FastifyRequest): ProjectAccess {
  if (!request.projectAccess) throw new AppError(ERR.PROJECT_INVALID);
  return request.projectAccess;
}

export function checkRight(right: ProjectRight | undefined, need: RequiredRight): void {
  if (right === undefined) throw new AppError(ERR.PROJECT_INVALID);
  if (need === 'own' && right !== 'own') throw new AppError(ERR.NO_PERMISSION);
  if (need === 'rw' && right === 'r') throw new AppError(ERR.READ_ONLY_SHARE);
}

export const projectAccessPlugin = fp(async (app: FastifyInstance, opts: { store: ProjectStore }) => {
  app.decorateRequest('projectAccess', null);
  app.decorate('requireProjectRight', (need: RequiredRight) => async (request: FastifyRequest) => {
    const { accountId } = sessionOf(request);
    const params = request.params as { id?: unknown; projectId?: unknown };
    const projectId = Number(params.projectId ?? params.id);
    // A malformed id names no project the caller can see: the same answer as a stranger's project.
    if (!Number.isSafeInteger(projectId) || projectId <= 0) throw new AppError(ERR.PROJECT_INVALID);
    const right = await opts.store.rightOf(projectId, accountId);
    checkRight(right, need);
    request.projectAccess = { projectId, accountId, right: right as ProjectRight };
  });
});
