import {
  type AccountRole,
  apiKeyReaches,
  ERR,
  isDemoProject,
  type MenuContext,
  type NetMode,
  type PermissionFlags,
  type ProjectApiGroupName,
  type ProjectRight,
  projectApiGroupRefusal,
} from '@netloom/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { type ActiveSession, sessionOf } from './auth';

/** The caller's verified access to the project named in the URL. */
export interface ProjectAccess {
  projectId: number;
  accountId: number;
  right: ProjectRight;
}

/** What a route needs: 'r' any member, 'rw' a member who may change it, 'own' the owner only. */
export type RequiredRight = 'r' | 'rw' | 'own';

export interface ProjectGuardOptions {
  /** The API group of the route's endpoint: the menu items it serves (domain `PROJECT_API_GROUPS`). */
  group: ProjectApiGroupName;
  /** The route changes something but must work on a locked project: unlocking it. */
  whileLocked?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    projectAccess: ProjectAccess | null;
  }
  interface FastifyInstance {
    /**
     * preHandler factory for every project-scoped route (this feature and later ones): reads the
     * project id from the `id` (or `projectId`) URL parameter and checks, in the database — never
     * the client's session-storage copy — in this order:
     * 1. membership: not a member → 73; a share past its expiry → 74;
     * 2. right: owner-only and not the owner → 403; a read-only share on a change → 916;
     * 3. menu (§2, §6): the route's group (domain `PROJECT_API_GROUPS`) serves menu items none of
     *    which the session's access type, the project's network mode and the account's permission
     *    flags show → 403; 913 when only the network mode stands in the way (RF in a mesh project);
     * 4. lock: a change (any method but GET/HEAD/OPTIONS) on a project its owner locked → 173,
     *    unless the route says `whileLocked` (unlocking).
     * Must run after `app.requireSession`.
     */
    requireProjectRight: (
      need: RequiredRight,
      options: ProjectGuardOptions,
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

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A member's standing in a project, as the guard needs it. */
export interface MemberAccess {
  right: ProjectRight;
  netMode: NetMode;
  locked: boolean;
  /** The member's share passed its expiry: every call is 74 from that instant (§4). */
  expired?: boolean;
}

/** A signed-in session reached a project (its first request there that passed the guard). */
export interface ProjectVisit {
  projectId: number;
  accountId: number;
  right: ProjectRight;
  sessionId: number;
  /** When the session was opened (its sign-in), epoch ms. */
  sessionOpenedAt: number;
}

/** How many session × project pairs a node remembers having told before it starts afresh. */
const VISITS_REMEMBERED = 10_000;

/**
 * What the guard asks (the projects and auth features answer; this plugin knows neither): the
 * caller's membership, and the account's role and §6 permission flags; and whom it tells when a
 * session first reaches a project (the system log's "sign-ins into shared projects").
 */
export interface ProjectAccessPluginOptions {
  memberAccess(projectId: number, accountId: number): Promise<MemberAccess | undefined>;
  permissionsOf(accountId: number): Promise<{ role: AccountRole; permissions: PermissionFlags } | undefined>;
  /**
   * Called once per session and project on this node (API keys are no sign-in and never are); the
   * listener decides what a visit means (another node, or this one after a restart, may tell the
   * same visit again: the listener dedupes against what it recorded). Errors are its own.
   */
  onVisit?(visit: ProjectVisit): void;
}

export const projectAccessPlugin = fp(async (app: FastifyInstance, opts: ProjectAccessPluginOptions) => {
  app.decorateRequest('projectAccess', null);
  const told = new Set<string>();
  const visited = (session: ActiveSession, projectId: number, right: ProjectRight) => {
    if (!opts.onVisit || session.openedAt === undefined || session.apiKey) return;
    const key = `${session.id}:${projectId}`;
    if (told.has(key)) return;
    if (told.size >= VISITS_REMEMBERED) told.clear();
    told.add(key);
    opts.onVisit({
      projectId,
      accountId: session.accountId,
      right,
      sessionId: session.id,
      sessionOpenedAt: session.openedAt,
    });
  };
  app.decorate(
    'requireProjectRight',
    (need: RequiredRight, options: ProjectGuardOptions) => async (request: FastifyRequest) => {
      const session = sessionOf(request);
      const { accountId } = session;
      const params = request.params as { id?: unknown; projectId?: unknown };
      const projectId = Number(params.projectId ?? params.id);
      // A malformed id names no project the caller can see: the same answer as a stranger's project.
      if (!Number.isSafeInteger(projectId) || projectId <= 0) throw new AppError(ERR.PROJECT_INVALID);
      // An API key limited to projects sees no other: answered like a stranger's project (73).
      if (session.apiKey && !apiKeyReaches(session.apiKey, projectId))
        throw new AppError(ERR.PROJECT_INVALID);
      const member = await opts.memberAccess(projectId, accountId);
      if (member?.expired) throw new AppError(ERR.PROJECT_EXPIRED);
      checkRight(member?.right, need);
      if (!member) throw new AppError(ERR.PROJECT_INVALID);

      const account = await opts.permissionsOf(accountId);
      if (!account) throw new AppError(ERR.NOT_SIGNED_IN);
      const ctx: MenuContext = {
        access: session.client,
        netMode: member.netMode,
        permissions: account.permissions,
        role: account.role,
        right: member.right,
        demo: isDemoProject({ id: projectId }),
        locked: member.locked,
      };
      const refusal = projectApiGroupRefusal(options.group, ctx);
      if (refusal === 'netMode') throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
      if (refusal === 'hidden') throw new AppError(ERR.NO_PERMISSION);

      if (member.locked && !SAFE_METHODS.has(request.method) && !options.whileLocked)
        throw new AppError(ERR.READ_ONLY_PROJECT);
      request.projectAccess = { projectId, accountId, right: member.right };
      visited(session, projectId, member.right);
    },
  );
});
