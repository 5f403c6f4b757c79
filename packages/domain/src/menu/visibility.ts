/**
 * Pure functions from a session's context to what it may see: the visible menu, the landing page
 * and whether a route is allowed. The web builds its menu and guards its routes with them; the
 * server applies the same rules to the API through `apiRoutes.ts` (every project-scoped API route
 * group → the menu items it serves, checked by the project-access guard with
 * {@link isMenuPathVisible}).
 *
 * Rules, in order, for a route item:
 * 1. access — `'web'` sees web items; `'openapi'` and the app-embedded `'app'` see openapi items
 *    (§1: the app mode is "the non-web kind"). Items marked `'any'` are seen by all.
 * 2. project — every /manage item needs a current project: hidden when `netMode` or `right` is null.
 * 3. net mode — the project's mode (wlan/mesh) must be one the item lists, unless it says `'any'`.
 * 4. flags — the item's flag, its submenu's flag and its group's flag must all be on (§6).
 * 5. right and demo — share management (`/manage/authority`) is hidden for read-only rights and in
 *    demo projects (nothing there could be done: sharing and transfer are blocked). Every other
 *    configurable item stays visible but is marked `readOnly`, so the page shows values and
 *    disables saving (§6: read-only and demo projects cannot be configured). A project whose owner
 *    locked its configuration (`locked`, §3 property "read-only") marks them `readOnly` too.
 * 6. role — account roles do not change the §2 menu (no item of the table is role-specific); the
 *    role is in the context so that role-only screens (e.g. manufacturer activation statistics)
 *    can join the same function.
 */
import type { AccessType, AccountRole } from '../enums/account';
import type { NetMode, ProjectRight } from '../enums/project';
import { NET_MODE_KEYS } from '../enums/project';
import type { PermissionFlags } from './permissions';
import type { MenuAccess, MenuGroup, MenuGroupKey, MenuItem, MenuRoute } from './tree';
import { MENU_ROUTES, MENU_TREE, NO_ACCESS_PATH, OVERVIEW_PATH } from './tree';

/** Everything about a session that decides what it may see. */
export interface MenuContext {
  access: AccessType;
  /** Network mode of the current project; null when no project is selected. */
  netMode: NetMode | null;
  permissions: PermissionFlags;
  role: AccountRole;
  /** Right on the current project; null when no project is selected. */
  right: ProjectRight | null;
  /** The current project is a demo project. */
  demo: boolean;
  /** The current project's configuration is locked by its owner (a read-only project, code 173). */
  locked?: boolean;
}

/** A visible menu item as the web renders it. */
export interface MenuItemView {
  key: string;
  path: string;
  label: string;
  icon: string;
  beta: boolean;
  /** Visible, but the page must not offer changes (read-only right or demo project). */
  readOnly: boolean;
  children?: MenuItemView[];
}

/** A visible menu group with only its visible items (never empty). */
export interface MenuGroupView {
  key: MenuGroupKey;
  label: string;
  icon: string;
  items: MenuItemView[];
}

/** The §2 access kind of a session's access type: only 'web' is web. */
export function menuAccessOf(access: AccessType): MenuAccess {
  return access === 'web' ? 'web' : 'openapi';
}

const SHARE_MANAGEMENT_KEY = 'authority';

function itemPasses(item: MenuItem, ctx: MenuContext): boolean {
  if (item.access !== 'any' && !item.access.includes(menuAccessOf(ctx.access))) return false;
  if (item.projectScoped && (ctx.netMode === null || ctx.right === null)) return false;
  if (item.netModes !== 'any') {
    if (ctx.netMode === null || !item.netModes.includes(NET_MODE_KEYS[ctx.netMode])) return false;
  }
  if (!ctx.permissions[item.flag]) return false;
  if (item.key === SHARE_MANAGEMENT_KEY && (ctx.right === 'r' || ctx.demo)) return false;
  return true;
}

function isReadOnly(item: MenuItem, ctx: MenuContext): boolean {
  return item.configurable === true && (ctx.demo || ctx.right === 'r' || ctx.locked === true);
}

function viewOf(item: MenuItem, ctx: MenuContext): MenuItemView | null {
  if (!itemPasses(item, ctx)) return null;
  const base = {
    key: item.key,
    path: item.path,
    label: item.label,
    icon: item.icon,
    beta: item.beta === true,
    readOnly: isReadOnly(item, ctx),
  };
  if (!item.children) return base;
  const children = item.children.map((c) => viewOf(c, ctx)).filter((v) => v !== null);
  // A submenu with nothing to open is dropped, like an empty group.
  return children.length > 0 ? { ...base, children } : null;
}

function groupPasses(group: MenuGroup, ctx: MenuContext): boolean {
  return group.flag === null || ctx.permissions[group.flag];
}

/** The menu a session sees: groups with only their visible items; empty groups dropped. */
export function visibleMenu(ctx: MenuContext): MenuGroupView[] {
  const groups: MenuGroupView[] = [];
  for (const group of MENU_TREE) {
    if (!groupPasses(group, ctx)) continue;
    const items = group.items.map((i) => viewOf(i, ctx)).filter((v) => v !== null);
    if (items.length > 0) groups.push({ key: group.key, label: group.label, icon: group.icon, items });
  }
  return groups;
}

/** Whether one route item (a leaf of the tree) is visible, checking its submenu and group too. */
function routeVisible(entry: MenuRoute, ctx: MenuContext): boolean {
  if (!groupPasses(entry.group, ctx)) return false;
  if (entry.parent && !itemPasses(entry.parent, ctx)) return false;
  return itemPasses(entry.item, ctx);
}

/**
 * The menu route a path belongs to: the item whose path equals it or is its longest prefix on a
 * segment boundary (`/manage/devconf/123` belongs to `/manage/devconf`). Null outside the menu.
 */
export function findMenuRoute(path: string): MenuRoute | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  let best: MenuRoute | null = null;
  for (const entry of MENU_ROUTES) {
    const p = entry.item.path;
    if ((clean === p || clean.startsWith(`${p}/`)) && (!best || p.length > best.item.path.length))
      best = entry;
  }
  return best;
}

/** Whether a path belongs to the menu tree at all (other routes are not governed by it). */
export function isMenuRoute(path: string): boolean {
  return findMenuRoute(path) !== null;
}

/**
 * Whether a session may open a path. Paths outside the menu tree (account pages, `/no-access`)
 * return false here: guard them with {@link isMenuRoute} first.
 */
export function isRouteAllowed(path: string, ctx: MenuContext): boolean {
  const entry = findMenuRoute(path);
  return entry !== null && routeVisible(entry, ctx);
}

/**
 * Whether the menu item at `path` is visible: a route item (with its submenu and group), or a
 * submenu such as `/manage/networkconf`, which is visible when it passes and any of its items is.
 * False for paths that name no menu item.
 */
export function isMenuPathVisible(path: string, ctx: MenuContext): boolean {
  for (const group of MENU_TREE) {
    for (const item of group.items) {
      if (item.path === path && item.children) {
        return (
          groupPasses(group, ctx) &&
          itemPasses(item, ctx) &&
          item.children.some((child) => itemPasses(child, ctx))
        );
      }
    }
  }
  const entry = MENU_ROUTES.find((e) => e.item.path === path);
  return entry !== undefined && routeVisible(entry, ctx);
}

const LANDING_GROUPS: readonly MenuGroupKey[] = ['network', 'config', 'data', 'tool'];

/**
 * The default landing page (§2): the project overview for web access; otherwise the first
 * permitted item among network, maintain (config), report (data) and tool. A web session without
 * the overview flag falls back to the project list, then to the same order. `/no-access` if
 * nothing is permitted. The data screen is never a landing page (it is a full-screen wall view).
 */
export function landingPage(ctx: MenuContext): string {
  if (menuAccessOf(ctx.access) === 'web') {
    for (const path of [OVERVIEW_PATH, '/overview/list']) if (isRouteAllowed(path, ctx)) return path;
  }
  for (const key of LANDING_GROUPS) {
    const first = MENU_ROUTES.find((e) => e.group.key === key && routeVisible(e, ctx));
    if (first) return first.item.path;
  }
  return NO_ACCESS_PATH;
}
