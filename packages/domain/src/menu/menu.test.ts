import { describe, expect, it } from 'vitest';
import type { AccessType } from '../enums/account';
import type { NetMode, NetModeKey } from '../enums/project';
import type { PermissionFlag } from './permissions';
import {
  ALL_PERMISSIONS,
  NO_PERMISSIONS,
  PERMISSION_FLAGS,
  permissionsFrom,
  permissionsWithout,
} from './permissions';
import { MENU_ROUTES, MENU_TREE } from './tree';
import type { MenuContext, MenuGroupView } from './visibility';
import { findMenuRoute, isMenuRoute, isRouteAllowed, landingPage, visibleMenu } from './visibility';

// The §2 table, written out again independently of tree.ts: each row with the access kinds and
// net modes it supports and every flag on its path (group flag, submenu flag, item flag).
interface Row {
  path: string;
  access: 'any' | readonly ('web' | 'openapi')[];
  modes: 'any' | readonly NetModeKey[];
  flags: readonly PermissionFlag[];
  project: boolean;
  beta?: boolean;
}
const W = ['web'] as const;
const WO = ['web', 'openapi'] as const;
const WM = ['wlan', 'mesh'] as const;
const ROWS: Row[] = [
  { path: '/overview/preview', access: W, modes: 'any', flags: ['projectOverview'], project: false },
  { path: '/overview/list', access: W, modes: 'any', flags: ['projectList'], project: false },
  { path: '/overview/preview/datascreen', access: W, modes: 'any', flags: ['dataScreen'], project: false },
  { path: '/manage/status', access: WO, modes: WM, flags: ['network', 'status'], project: true },
  {
    path: '/manage/visualization/td',
    access: W,
    modes: WM,
    flags: ['network', 'visualization', 'wireHeatMap'],
    project: true,
    beta: true,
  },
  {
    path: '/manage/visualization/topo',
    access: W,
    modes: WM,
    flags: ['network', 'visualization', 'topology'],
    project: true,
    beta: true,
  },
  {
    path: '/manage/devconf',
    access: WO,
    modes: 'any',
    flags: ['config', 'deviceMaintenance'],
    project: true,
  },
  ...(
    [
      ['netset', 'networkSettings'],
      ['vlan', 'vlan'],
      ['dhcp', 'dhcp'],
      ['static', 'staticRoute'],
      ['router', 'routeTable'],
      ['port', 'portMap'],
    ] as const
  ).map(
    ([key, flag]): Row => ({
      path: `/manage/networkconf/${key}`,
      access: WO,
      modes: WM,
      flags: ['config', 'networkConfig', flag],
      project: true,
    }),
  ),
  {
    path: '/manage/wirelessconf',
    access: W,
    modes: 'any',
    flags: ['config', 'wirelessConfig'],
    project: true,
  },
  { path: '/manage/rfconf', access: W, modes: ['wlan'], flags: ['config', 'rfOptimization'], project: true },
  { path: '/manage/devsrunstat', access: WO, modes: WM, flags: ['data', 'deviceRunData'], project: true },
  { path: '/manage/onlinestat', access: WO, modes: WM, flags: ['data', 'onlineClientData'], project: true },
  { path: '/manage/onlinelist', access: WO, modes: WM, flags: ['data', 'onlineClientList'], project: true },
  { path: '/manage/authority', access: W, modes: 'any', flags: ['tools', 'permissionShare'], project: true },
  { path: '/manage/runlog', access: 'any', modes: 'any', flags: ['tools', 'runLog'], project: true },
  { path: '/manage/alarminfo', access: 'any', modes: 'any', flags: ['tools', 'alarmInfo'], project: true },
  { path: '/manage/backup', access: 'any', modes: ['wlan'], flags: ['tools', 'configBackup'], project: true },
];

const ACCESS_TYPES: AccessType[] = ['web', 'openapi', 'app'];
const NET_MODES: (NetMode | null)[] = [0, 1, null];
const MODE_KEY = { 0: 'wlan', 1: 'mesh' } as const;

function ctx(over: Partial<MenuContext> = {}): MenuContext {
  return {
    access: 'web',
    netMode: 0,
    permissions: ALL_PERMISSIONS,
    role: 0,
    right: 'own',
    demo: false,
    ...over,
  };
}

function visiblePaths(groups: MenuGroupView[]): string[] {
  return groups.flatMap((g) =>
    g.items.flatMap((i) => (i.children ? i.children.map((c) => c.path) : [i.path])),
  );
}

function expected(row: Row, access: AccessType, netMode: NetMode | null): boolean {
  const kind = access === 'web' ? 'web' : 'openapi';
  if (row.access !== 'any' && !row.access.includes(kind)) return false;
  if (row.project && netMode === null) return false;
  if (row.modes !== 'any' && (netMode === null || !row.modes.includes(MODE_KEY[netMode]))) return false;
  return true;
}

describe('menu tree', () => {
  it('has exactly the routes of the §2 table, in order', () => {
    expect(MENU_ROUTES.map((r) => r.item.path)).toEqual(ROWS.map((r) => r.path));
  });

  it('has the groups Overview, Network, Config, Data, Tool with labels and icons', () => {
    expect(MENU_TREE.map((g) => g.label)).toEqual(['Overview', 'Network', 'Config', 'Data', 'Tool']);
    for (const { item, group } of MENU_ROUTES) {
      expect(item.label.length, item.path).toBeGreaterThan(0);
      expect(item.icon.length, item.path).toBeGreaterThan(0);
      expect(group.icon.length).toBeGreaterThan(0);
    }
  });

  it('keys each route by the last segment of its path, uniquely', () => {
    const keys = MENU_ROUTES.map((r) => r.item.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { item } of MENU_ROUTES) expect(item.path.endsWith(`/${item.key}`), item.path).toBe(true);
  });

  it('tags only the Wi-Fi map and topology as beta', () => {
    const beta = MENU_ROUTES.filter((r) => r.item.beta).map((r) => r.item.path);
    expect(beta).toEqual(ROWS.filter((r) => r.beta).map((r) => r.path));
  });
});

describe.each(ROWS)('route $path', (row) => {
  it.each(ACCESS_TYPES.flatMap((a) => NET_MODES.map((m) => [a, m] as const)))(
    'access %s, net mode %s',
    (access, netMode) => {
      const c = ctx({ access, netMode });
      const want = expected(row, access, netMode);
      expect(isRouteAllowed(row.path, c)).toBe(want);
      expect(visiblePaths(visibleMenu(c)).includes(row.path)).toBe(want);
    },
  );

  it.each(row.flags.map((f) => [f]))('is hidden when flag %s is off', (flag) => {
    // A context in which the row is otherwise visible.
    const access: AccessType = row.access === 'any' || row.access.includes('web') ? 'web' : 'openapi';
    const netMode: NetMode = row.modes === 'any' || row.modes.includes('wlan') ? 0 : 1;
    expect(isRouteAllowed(row.path, ctx({ access, netMode }))).toBe(true);
    const c = ctx({ access, netMode, permissions: permissionsWithout(flag) });
    expect(isRouteAllowed(row.path, c)).toBe(false);
    expect(visiblePaths(visibleMenu(c))).not.toContain(row.path);
  });

  it('is visible with only its own flags on', () => {
    const access: AccessType = row.access === 'any' || row.access.includes('web') ? 'web' : 'openapi';
    const permissions = permissionsFrom(Object.fromEntries(row.flags.map((f) => [f, true])));
    expect(visiblePaths(visibleMenu(ctx({ access, permissions })))).toEqual([row.path]);
  });
});

describe('visibleMenu', () => {
  it('drops empty groups and empty submenus', () => {
    const groups = visibleMenu(
      ctx({
        permissions: permissionsWithout(
          'wireHeatMap',
          'topology',
          'deviceRunData',
          'onlineClientData',
          'onlineClientList',
        ),
      }),
    );
    expect(groups.map((g) => g.key)).toEqual(['overview', 'network', 'config', 'tool']);
    const network = groups.find((g) => g.key === 'network');
    expect(network?.items.map((i) => i.key)).toEqual(['status']);
  });

  it('shows nothing with no permissions', () => {
    expect(visibleMenu(ctx({ permissions: NO_PERMISSIONS }))).toEqual([]);
  });

  it('keeps the overview group without a project and hides every /manage item', () => {
    const groups = visibleMenu(ctx({ netMode: null, right: null }));
    expect(groups.map((g) => g.key)).toEqual(['overview']);
  });

  it('hides project items when the right is unknown even if a net mode is set', () => {
    expect(isRouteAllowed('/manage/status', ctx({ right: null }))).toBe(false);
  });

  it('marks configurable items read-only and hides share management for a read-only right', () => {
    const groups = visibleMenu(ctx({ right: 'r' }));
    const items = groups.flatMap((g) => g.items.flatMap((i) => [i, ...(i.children ?? [])]));
    const byKey = Object.fromEntries(items.map((i) => [i.key, i]));
    expect(byKey.authority).toBeUndefined();
    expect(byKey.devconf?.readOnly).toBe(true);
    expect(byKey.vlan?.readOnly).toBe(true);
    expect(byKey.router?.readOnly).toBe(false);
    expect(byKey.status?.readOnly).toBe(false);
    expect(byKey.runlog?.readOnly).toBe(false);
  });

  it('hides nothing configurable in a demo project but marks it, and hides share management', () => {
    const demo = visiblePaths(visibleMenu(ctx({ demo: true })));
    const normal = visiblePaths(visibleMenu(ctx()));
    expect(normal.filter((p) => !demo.includes(p))).toEqual(['/manage/authority']);
    const wireless = visibleMenu(ctx({ demo: true }))
      .flatMap((g) => g.items)
      .find((i) => i.key === 'wirelessconf');
    expect(wireless?.readOnly).toBe(true);
  });

  it('does not mark anything read-only for owners and managers', () => {
    for (const right of ['own', 'rw'] as const) {
      const items = visibleMenu(ctx({ right })).flatMap((g) =>
        g.items.flatMap((i) => [i, ...(i.children ?? [])]),
      );
      expect(items.some((i) => i.readOnly)).toBe(false);
      expect(items.some((i) => i.key === 'authority')).toBe(true);
    }
  });

  it('does not depend on the account role', () => {
    const base = visibleMenu(ctx({ role: 0 }));
    for (const role of [1, 2, 3] as const) expect(visibleMenu(ctx({ role }))).toEqual(base);
  });

  it('has one flag per §6 function and ALL_PERMISSIONS turns them all on', () => {
    expect(PERMISSION_FLAGS).toHaveLength(28);
    expect(Object.values(ALL_PERMISSIONS).every(Boolean)).toBe(true);
    const used = new Set([
      ...MENU_TREE.map((g) => g.flag),
      ...MENU_ROUTES.flatMap((r) => [r.item.flag, r.parent?.flag]),
    ]);
    for (const f of PERMISSION_FLAGS) expect(used.has(f), f).toBe(true);
  });
});

describe('landingPage', () => {
  it.each([
    ['web, all permissions', '/overview/preview', ctx()],
    ['web without a project', '/overview/preview', ctx({ netMode: null, right: null })],
    [
      'web without the overview flag',
      '/overview/list',
      ctx({ permissions: permissionsWithout('projectOverview') }),
    ],
    [
      'web without overview and list',
      '/manage/status',
      ctx({ permissions: permissionsWithout('projectOverview', 'projectList') }),
    ],
    ['openapi, all permissions', '/manage/status', ctx({ access: 'openapi' })],
    ['app is the non-web kind', '/manage/status', ctx({ access: 'app', netMode: 1 })],
    [
      'openapi without network',
      '/manage/devconf',
      ctx({ access: 'openapi', permissions: permissionsWithout('network') }),
    ],
    [
      'openapi without network and config',
      '/manage/devsrunstat',
      ctx({ access: 'openapi', permissions: permissionsWithout('network', 'config') }),
    ],
    [
      'openapi with only tools',
      '/manage/runlog',
      ctx({ access: 'openapi', permissions: permissionsWithout('network', 'config', 'data') }),
    ],
    [
      'openapi mesh with only backup (wlan only)',
      '/no-access',
      ctx({
        access: 'openapi',
        netMode: 1,
        permissions: permissionsFrom({ tools: true, configBackup: true }),
      }),
    ],
    ['openapi without a project', '/no-access', ctx({ access: 'openapi', netMode: null, right: null })],
    ['nothing permitted', '/no-access', ctx({ permissions: NO_PERMISSIONS })],
  ] as const)('%s → %s', (_name, path, c) => {
    expect(landingPage(c)).toBe(path);
  });

  it('never lands on the data screen', () => {
    const c = ctx({ permissions: permissionsFrom({ dataScreen: true }) });
    expect(isRouteAllowed('/overview/preview/datascreen', c)).toBe(true);
    expect(landingPage(c)).toBe('/no-access');
  });
});

describe('route matching', () => {
  it.each([
    ['/manage/devconf/abc123', '/manage/devconf'],
    ['/manage/devconf/', '/manage/devconf'],
    ['/overview/preview/datascreen', '/overview/preview/datascreen'],
    ['/overview/preview/anything', '/overview/preview'],
    ['/manage/networkconf/vlan/10', '/manage/networkconf/vlan'],
  ])('%s belongs to %s', (path, route) => {
    expect(findMenuRoute(path)?.item.path).toBe(route);
  });

  it.each(['/', '/account', '/manage', '/manage/networkconf', '/manage/devconfx', '/no-access'])(
    '%s is not a menu route and is not allowed by the menu',
    (path) => {
      expect(isMenuRoute(path)).toBe(false);
      expect(isRouteAllowed(path, ctx())).toBe(false);
    },
  );

  it('checks the subpath against the route it belongs to', () => {
    expect(isRouteAllowed('/manage/rfconf/records', ctx({ netMode: 0 }))).toBe(true);
    expect(isRouteAllowed('/manage/rfconf/records', ctx({ netMode: 1 }))).toBe(false);
  });
});

describe('a project locked by its owner (read-only project, 173)', () => {
  const ctx: MenuContext = {
    access: 'web',
    netMode: 0,
    permissions: ALL_PERMISSIONS,
    role: 0,
    right: 'own',
    demo: false,
    locked: true,
  };
  const items = (c: MenuContext) =>
    visibleMenu(c).flatMap((g) => g.items.flatMap((i) => (i.children ? i.children : [i])));

  it('marks every configurable item read-only and leaves the others alone, for the owner too', () => {
    const locked = items(ctx);
    const byKey = new Map(locked.map((i) => [i.key, i.readOnly]));
    expect(byKey.get('vlan')).toBe(true);
    expect(byKey.get('devconf')).toBe(true);
    expect(byKey.get('wirelessconf')).toBe(true);
    expect(byKey.get('status')).toBe(false);
    expect(byKey.get('router')).toBe(false);
    expect(items({ ...ctx, locked: false }).every((i) => !i.readOnly)).toBe(true);
    // Locking hides nothing: the same items are visible.
    expect(locked.map((i) => i.key)).toEqual(items({ ...ctx, locked: false }).map((i) => i.key));
  });
});
