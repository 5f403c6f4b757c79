import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  FileTextOutlined,
  FullscreenOutlined,
  GlobalOutlined,
  HddOutlined,
  HeatMapOutlined,
  LineChartOutlined,
  LockOutlined,
  NodeIndexOutlined,
  PartitionOutlined,
  ProjectOutlined,
  RadarChartOutlined,
  SettingOutlined,
  ShareAltOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import {
  type AccessType,
  type AccountRole,
  isDemoProject,
  isRouteAllowed,
  MENU_ROUTES,
  type MenuContext,
  type MenuGroupView,
  type MenuItemView,
  NO_PERMISSIONS,
  type PermissionFlags,
  type Project,
  type SessionProject,
  visibleMenu,
} from '@netloom/domain';
import { useQuery } from '@tanstack/react-query';
import { type MenuProps, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useCallback, useMemo } from 'react';
import { queryKeys } from '../api/queryKeys';
import { useProjects } from '../features/projects/api';
import { fetchSession } from './RequireSession';
import { useAccount, useCurrentProject } from './session';
import { storage } from './storage';

/** Icon keys of the domain menu tree → icon components. Unknown keys get a neutral icon. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  project: <ProjectOutlined />,
  fullscreen: <FullscreenOutlined />,
  network: <GlobalOutlined />,
  status: <LineChartOutlined />,
  map: <RadarChartOutlined />,
  heatmap: <HeatMapOutlined />,
  topology: <ApartmentOutlined />,
  setting: <SettingOutlined />,
  device: <HddOutlined />,
  gateway: <CloudServerOutlined />,
  internet: <GlobalOutlined />,
  vlan: <PartitionOutlined />,
  dhcp: <DeploymentUnitOutlined />,
  route: <NodeIndexOutlined />,
  routeTable: <UnorderedListOutlined />,
  portMapping: <SwapOutlined />,
  wifi: <WifiOutlined />,
  radio: <RadarChartOutlined />,
  chart: <BarChartOutlined />,
  deviceData: <ClusterOutlined />,
  clientData: <BarChartOutlined />,
  clientList: <TeamOutlined />,
  tool: <ToolOutlined />,
  share: <ShareAltOutlined />,
  log: <FileTextOutlined />,
  alarm: <AlertOutlined />,
  backup: <DatabaseOutlined />,
};
export function menuIcon(key: string): ReactNode {
  return ICONS[key] ?? <AppstoreOutlined />;
}

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
  const session = useQuery({ queryKey: queryKeys.session, queryFn: fetchSession, staleTime: 5 * 60_000 });
  const data = session.data;
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

/** Whether the owner locked the configuration of the current project (from the project list). */
export function useCurrentProjectLocked(): boolean {
  const { project } = useCurrentProject();
  const projects = useProjects();
  return project !== null && projects.data?.items.find((p) => p.id === project.id)?.locked === true;
}

export function useMenuContext(): MenuContext {
  const session = useMenuSession();
  const { project } = useCurrentProject();
  const locked = useCurrentProjectLocked();
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
  return first?.item.path ?? (session.access === 'web' ? '/overview/list' : '/');
}

/** {@link projectLanding} for the signed-in session. */
export function useProjectLanding(): (p: Project) => string {
  const session = useMenuSession();
  return useCallback((p: Project) => projectLanding(p, session), [session]);
}

function itemLabel(item: MenuItemView): ReactNode {
  return (
    <span className="nl-menu-label">
      {item.label}
      {item.readOnly ? (
        <LockOutlined
          className="nl-menu-readonly"
          aria-label="read-only in this project"
          title="Read-only in this project"
        />
      ) : null}
      {item.beta ? (
        <Tag color="blue" variant="outlined" className="nl-beta-tag">
          Beta
        </Tag>
      ) : null}
    </span>
  );
}

type AntdMenuItem = NonNullable<MenuProps['items']>[number];

function toAntdItem(item: MenuItemView): AntdMenuItem {
  if (item.children) {
    return {
      key: item.path,
      icon: menuIcon(item.icon),
      label: item.label,
      children: item.children.map(toAntdItem),
    };
  }
  return { key: item.path, icon: menuIcon(item.icon), label: itemLabel(item) };
}

/** antd menu items from the domain's visible menu: one titled group per menu group. */
export function toAntdMenu(groups: MenuGroupView[]): NonNullable<MenuProps['items']> {
  return groups.map((g) => ({
    type: 'group' as const,
    key: `group:${g.key}`,
    label: g.label,
    children: g.items.map(toAntdItem),
  }));
}

/** The menu item (and submenu) a location belongs to, for highlighting. */
export function selectedMenuKeys(
  groups: MenuGroupView[],
  pathname: string,
): { selected: string[]; open: string[] } {
  let best: { path: string; parent: string | null } | null = null;
  const consider = (path: string, parent: string | null) => {
    if ((pathname === path || pathname.startsWith(`${path}/`)) && (!best || path.length > best.path.length)) {
      best = { path, parent };
    }
  };
  for (const g of groups)
    for (const item of g.items) {
      if (item.children) for (const c of item.children) consider(c.path, item.path);
      else consider(item.path, null);
    }
  const found = best as { path: string; parent: string | null } | null;
  return { selected: found ? [found.path] : [], open: found?.parent ? [found.parent] : [] };
}

export { visibleMenu };
