import {
  type AccessType,
  type AccountRole,
  isDemoProject,
  isRouteAllowed,
  MENU_ROUTES,
  type MenuContext,
  NO_PERMISSIONS,
  type PermissionFlags,
  type Project,
  type SessionProject,
} from '@netloom/domain';
import { useCallback, useMemo } from 'react';
import { storage } from '../browser/storage';
import { MENU_PAGES } from '../navigation/paths';
import { useAccount, useCurrentProject } from './session';
import { useSessionInfo } from './sessionApi';

/**
 * The session as the §2 menu sees it: which items it shows, and where a project opens. Pure
 * functions plus the hooks that feed them; the menu's rendering (icons, antd items) is the app's.
 */

/** What the menu needs from the signed-in session, as the server sent it (`GET /api/auth/session`). */
export interface MenuSession {
  role: AccountRole;
  /** The access type the session was opened with (web, or openapi/app: the embedded console). */
  access: AccessType;
  /** The account's effective §6 permission flags (role defaults + stored overrides). */
  permissions: PermissionFlags;
}

/**
 * The context the domain menu functions need: the session's access type and flags, the current
 * project's network mode, right and demo status, and whether its owner locked the configuration.
 */
export function menuContextFor(
  session: MenuSession,
  project: SessionProject | null,
  locked = false,
): MenuContext {
  return {
    access: session.access,
    netMode: project?.netMode ?? null,
    permissions: session.permissions,
    role: session.role,
    right: project?.right ?? null,
    demo: project ? isDemoProject({ id: project.id }) : false,
    locked: project !== null && locked,
  };
}

/** The signed-in session's access type and flags (loaded by the console's route guard). */
export function useMenuSession(): MenuSession {
  const { account } = useAccount();
  const { data } = useSessionInfo();
  return useMemo(
    () => ({
      role: account.role,
      access: data?.access ?? storage.getAccessType(),
      // Deny by default until the server said otherwise (never all-on by assumption).
      permissions: data?.permissions ?? NO_PERMISSIONS,
    }),
    [account.role, data?.access, data?.permissions],
  );
}

/** The menu context of the current project; `locked`: its owner locked the configuration. */
export function useMenuContext(locked: boolean): MenuContext {
  const session = useMenuSession();
  const { project } = useCurrentProject();
  return useMemo(() => menuContextFor(session, project, locked), [session, project, locked]);
}

/** The first page of a project's own menu (network → config → data → tool), e.g. network status. */
export function projectLanding(p: Project, session: MenuSession): string {
  const ctx = menuContextFor(
    session,
    { id: p.id, right: p.right, netMode: p.netMode, projectName: p.name },
    p.locked,
  );
  const first = MENU_ROUTES.find((e) => e.item.projectScoped && isRouteAllowed(e.item.path, ctx));
  return first?.item.path ?? (session.access === 'web' ? MENU_PAGES.projectList : '/');
}

/** {@link projectLanding} for the signed-in session. */
export function useProjectLanding(): (p: Project) => string {
  const session = useMenuSession();
  return useCallback((p: Project) => projectLanding(p, session), [session]);
}
