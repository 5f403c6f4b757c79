import { describe, expect, it } from 'vitest';
import { ACCOUNT_ROLES } from '../enums/account';
import {
  PROJECT_API_GROUP_LIST,
  projectApiGroupNameOf,
  projectApiGroupOf,
  projectApiGroupRefusal,
  projectApiSubpath,
} from './apiRoutes';
import {
  ALL_PERMISSIONS,
  effectivePermissions,
  PERMISSION_FLAGS,
  permissionFlagsSchema,
  permissionOverridesSchema,
  permissionsWithout,
  ROLE_DEFAULT_PERMISSIONS,
} from './permissions';
import { MENU_ROUTES, MENU_TREE } from './tree';
import { isMenuPathVisible, type MenuContext } from './visibility';

const web: MenuContext = {
  access: 'web',
  netMode: 0,
  permissions: ALL_PERMISSIONS,
  role: 0,
  right: 'own',
  demo: false,
};
const openapi: MenuContext = { ...web, access: 'openapi' };
const P = '/api/projects/:id';

/** The refusal for an endpoint whose path falls in a group (as the server decides it by the group). */
function projectApiRefusal(path: string, ctx: MenuContext): 'netMode' | 'hidden' | null {
  const name = projectApiGroupNameOf(path);
  return name === null ? null : projectApiGroupRefusal(name, ctx);
}
const isApiRouteAllowed = (path: string, ctx: MenuContext) => projectApiRefusal(path, ctx) === null;

describe('project API groups → menu items', () => {
  it('reads the path below /api/projects/:id, whatever the parameter is called', () => {
    expect(projectApiSubpath(`${P}/config/network`)).toBe('/config/network');
    expect(projectApiSubpath('/api/projects/:projectId/alarms')).toBe('/alarms');
    expect(projectApiSubpath(P)).toBe('');
    expect(projectApiSubpath('/api/projects')).toBeNull();
    expect(projectApiSubpath('/api/projects/overview')).toBeNull();
    expect(projectApiSubpath('/api/account/profile')).toBeNull();
  });

  it.each([
    [P, null],
    [`${P}/lock`, null],
    [`${P}/config/status`, null],
    [`${P}/devices/pending`, null],
    [`${P}/devices/pending/count`, null],
    [`${P}/devices/pending/:sn/claim`, null],
    [`${P}/devices`, ['/manage/devconf']],
    [`${P}/devices/:deviceId`, ['/manage/devconf']],
    [`${P}/devices/:deviceId/config/switching`, ['/manage/devconf']],
    [`${P}/devices/:deviceId/config/radio`, ['/manage/devconf']],
    [`${P}/devices/:deviceId/cpe/mode`, ['/manage/devconf']],
    [`${P}/devices/:deviceId/telemetry`, ['/manage/devconf']],
    [`${P}/config/network`, ['/manage/networkconf']],
    [
      `${P}/config/retry`,
      ['/manage/networkconf', '/manage/devconf', '/manage/wirelessconf', '/manage/rfconf'],
    ],
    [`${P}/network/route-table`, ['/manage/networkconf/router']],
    [`${P}/config/wireless`, ['/manage/wirelessconf']],
    [`${P}/config/rf`, ['/manage/rfconf']],
    [`${P}/rf/runs/:runId`, ['/manage/rfconf']],
    [`${P}/status`, ['/manage/status']],
    [`${P}/overview`, ['/manage/status']],
    [`${P}/device-data`, ['/manage/devsrunstat']],
    [`${P}/client-data`, ['/manage/onlinestat']],
    [`${P}/clients/:mac/kick`, ['/manage/onlinelist']],
    [`${P}/audit`, ['/manage/runlog']],
    [`${P}/alarms/read`, ['/manage/alarminfo']],
  ])('%s → %j', (route, menu) => {
    expect(projectApiGroupOf(route)?.menu ?? null).toEqual(menu);
  });

  it('matches on segment boundaries only (/statusx is not /status; /devices-x is not /devices)', () => {
    expect(projectApiGroupOf(`${P}/statusx`)).toBeNull();
    expect(projectApiGroupOf(`${P}/devices-x`)).toBeNull();
    expect(projectApiGroupOf(`${P}/rfx`)).toBeNull();
  });

  it('names only real menu paths (a route item or a submenu), each group once', () => {
    const paths = new Set<string>([
      ...MENU_ROUTES.map((e) => e.item.path),
      ...MENU_TREE.flatMap((g) => g.items.filter((i) => i.children).map((i) => i.path)),
    ]);
    for (const g of PROJECT_API_GROUP_LIST) for (const p of g.menu ?? []) expect(paths.has(p), p).toBe(true);
    const prefixes = PROJECT_API_GROUP_LIST.map((g) => g.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const g of PROJECT_API_GROUP_LIST) expect(g.note.length).toBeGreaterThan(3);
  });

  it('access type: openapi is refused on web-only groups and served on web+openapi ones', () => {
    for (const sub of ['/config/wireless', '/config/rf', '/rf']) {
      expect(isApiRouteAllowed(`${P}${sub}`, openapi), sub).toBe(false);
      expect(isApiRouteAllowed(`${P}${sub}`, web), sub).toBe(true);
      expect(isApiRouteAllowed(`${P}${sub}`, { ...openapi, access: 'app' }), sub).toBe(false);
    }
    for (const sub of ['/config/network', '/status', '/devices', '/device-data', '/clients', '/audit', '']) {
      expect(isApiRouteAllowed(`${P}${sub}`, openapi), sub).toBe(true);
    }
  });

  it('network mode: RF (wlan only) is refused in a mesh project; wireless (any mode) is not', () => {
    const mesh = { ...web, netMode: 1 as const };
    expect(isApiRouteAllowed(`${P}/config/rf`, mesh)).toBe(false);
    expect(isApiRouteAllowed(`${P}/config/wireless`, mesh)).toBe(true);
  });

  it('flags: an item flag hides its group of routes; a group flag hides all of them', () => {
    const noVlanOnly = { ...web, permissions: permissionsWithout('vlan') };
    // The gateway submenu still shows other items, so the network document stays reachable.
    expect(isApiRouteAllowed(`${P}/config/network`, noVlanOnly)).toBe(true);
    const noGateway = {
      ...web,
      permissions: permissionsWithout(
        'networkSettings',
        'vlan',
        'dhcp',
        'staticRoute',
        'routeTable',
        'portMap',
      ),
    };
    expect(isApiRouteAllowed(`${P}/config/network`, noGateway)).toBe(false);
    const noRouteTable = { ...web, permissions: permissionsWithout('routeTable') };
    expect(isApiRouteAllowed(`${P}/network/route-table`, noRouteTable)).toBe(false);
    const noConfig = { ...web, permissions: permissionsWithout('config') };
    for (const sub of ['/config/network', '/config/wireless', '/devices', '/config/rf'])
      expect(isApiRouteAllowed(`${P}${sub}`, noConfig), sub).toBe(false);
    // History opens from the Log page or any configuration page: with Config off, the Log still does.
    expect(isApiRouteAllowed(`${P}/config/revisions`, noConfig)).toBe(true);
    const noHistoryAnywhere = { ...web, permissions: permissionsWithout('config', 'runLog') };
    expect(isApiRouteAllowed(`${P}/config/revisions`, noHistoryAnywhere)).toBe(false);
    // Groups the shell needs are never governed by the menu.
    const nothing = { ...web, permissions: permissionsWithout(...PERMISSION_FLAGS) };
    for (const sub of ['', '/lock', '/config/status', '/devices/pending/count'])
      expect(isApiRouteAllowed(`${P}${sub}`, nothing), sub).toBe(true);
  });

  it('tells a network-mode refusal from a hidden page', () => {
    const mesh = { ...web, netMode: 1 as const };
    expect(projectApiRefusal(`${P}/config/rf`, mesh)).toBe('netMode');
    expect(projectApiRefusal(`${P}/config/rf`, web)).toBeNull();
    expect(projectApiRefusal(`${P}/config/rf`, openapi)).toBe('hidden');
    expect(projectApiRefusal(`${P}/config/rf`, { ...mesh, access: 'openapi' })).toBe('hidden');
    expect(projectApiRefusal(`${P}/config/wireless`, openapi)).toBe('hidden');
  });

  it('routes outside the table are not the menu’s business', () => {
    expect(isApiRouteAllowed('/api/account/profile', openapi)).toBe(true);
  });
});

describe('isMenuPathVisible', () => {
  it('a submenu is visible when it passes and one of its items does', () => {
    expect(isMenuPathVisible('/manage/networkconf', web)).toBe(true);
    expect(isMenuPathVisible('/manage/networkconf', { ...web, netMode: null, right: null })).toBe(false);
    expect(isMenuPathVisible('/manage/visualization', openapi)).toBe(false);
    expect(isMenuPathVisible('/manage/status', openapi)).toBe(true);
    expect(isMenuPathVisible('/manage/nothing', web)).toBe(false);
  });
});

describe('permission flags: role defaults and stored overrides', () => {
  it('every role has a complete flag set; only the retail partner lacks share management', () => {
    for (const [role, flags] of Object.entries(ROLE_DEFAULT_PERMISSIONS)) {
      expect(permissionFlagsSchema.parse(flags), `role ${role}`).toEqual(flags);
    }
    expect(ROLE_DEFAULT_PERMISSIONS[ACCOUNT_ROLES.NORMAL]).toEqual(ALL_PERMISSIONS);
    expect(ROLE_DEFAULT_PERMISSIONS[ACCOUNT_ROLES.ENGINEER]).toEqual(ALL_PERMISSIONS);
    expect(ROLE_DEFAULT_PERMISSIONS[ACCOUNT_ROLES.MANUFACTURER]).toEqual(ALL_PERMISSIONS);
    expect(ROLE_DEFAULT_PERMISSIONS[ACCOUNT_ROLES.RETAIL_PARTNER]).toEqual(
      permissionsWithout('permissionShare'),
    );
  });

  it('overrides switch single flags either way on top of the role', () => {
    expect(effectivePermissions(0)).toEqual(ALL_PERMISSIONS);
    expect(effectivePermissions(0, { vlan: false })).toEqual(permissionsWithout('vlan'));
    expect(effectivePermissions(ACCOUNT_ROLES.RETAIL_PARTNER, { permissionShare: true })).toEqual(
      ALL_PERMISSIONS,
    );
  });

  it('stored overrides name known flags only, with boolean values', () => {
    expect(permissionOverridesSchema.safeParse({ vlan: false }).success).toBe(true);
    expect(permissionOverridesSchema.safeParse({}).success).toBe(true);
    expect(permissionOverridesSchema.safeParse({ vlan: 'no' }).success).toBe(false);
    expect(permissionOverridesSchema.safeParse({ superUser: true }).success).toBe(false);
    expect(permissionFlagsSchema.safeParse({ vlan: true }).success).toBe(false);
  });
});
