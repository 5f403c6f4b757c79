/**
 * The menu tree of spec §2 as data: every route with its label, icon key, the access types and
 * project network modes it supports, and the permission flag (§6) that controls it.
 */
import type { NetModeKey } from '../enums/project';
import type { PermissionFlag } from './permissions';

/** The two access kinds of the §2 table. The app-embedded mode is "the non-web kind" (openapi). */
export type MenuAccess = 'web' | 'openapi';

/** Group keys in menu order; `landingPage` walks network → config → data → tool. */
export const MENU_GROUP_KEYS = ['overview', 'network', 'config', 'data', 'tool'] as const;
export type MenuGroupKey = (typeof MENU_GROUP_KEYS)[number];

/** One row of the §2 table (or a submenu holding rows). */
export interface MenuItem {
  /** Stable key (the last route segment), used as the antd menu key. */
  key: string;
  /** Exact route of §2. For a submenu, the common prefix of its children (not a route itself). */
  path: string;
  /** English label. */
  label: string;
  /** Icon key; the web maps it to an icon component. */
  icon: string;
  /** Access types that may see it; `'any'` where §2 says "-" or "not restricted". */
  access: 'any' | readonly MenuAccess[];
  /** Project network modes that show it; `'any'` where §2 says "-". */
  netModes: 'any' | readonly NetModeKey[];
  /** The §6 permission flag that must be on. */
  flag: PermissionFlag;
  /** Shown with a "beta" tag. */
  beta?: boolean;
  /**
   * The page changes settings. Such items stay visible in demo and read-only projects but are
   * marked read-only (the page then shows values and disables saving).
   */
  configurable?: boolean;
  /** Needs a current project (every /manage route); hidden when there is none. */
  projectScoped: boolean;
  /** Items of a submenu (visualization, gateway group). */
  children?: readonly MenuItem[];
}

/** A menu group of §2: Overview, Network, Config, Data, Tool. */
export interface MenuGroup {
  key: MenuGroupKey;
  label: string;
  icon: string;
  /** Group flag of §6; when off the whole group is hidden. The overview group has none. */
  flag: PermissionFlag | null;
  items: readonly MenuItem[];
}

const WEB = ['web'] as const satisfies readonly MenuAccess[];
const WEB_OPENAPI = ['web', 'openapi'] as const satisfies readonly MenuAccess[];
const WLAN_MESH = ['wlan', 'mesh'] as const satisfies readonly NetModeKey[];
const WLAN_ONLY = ['wlan'] as const satisfies readonly NetModeKey[];

// A /manage route; `route` is the path below /manage and its last segment is the key.
const manage = (
  route: string,
  label: string,
  icon: string,
  access: MenuItem['access'],
  netModes: MenuItem['netModes'],
  flag: PermissionFlag,
  extra: Partial<MenuItem> = {},
): MenuItem => ({
  key: route.slice(route.lastIndexOf('/') + 1),
  path: `/manage/${route}`,
  label,
  icon,
  access,
  netModes,
  flag,
  projectScoped: true,
  ...extra,
});

const gateway = (key: string, label: string, icon: string, flag: PermissionFlag, configurable: boolean) =>
  ({
    key,
    path: `/manage/networkconf/${key}`,
    label,
    icon,
    access: WEB_OPENAPI,
    netModes: WLAN_MESH,
    flag,
    configurable,
    projectScoped: true,
  }) satisfies MenuItem;

/** The menu tree, row by row as the §2 table. */
export const MENU_TREE: readonly MenuGroup[] = [
  {
    key: 'overview',
    label: 'Overview',
    icon: 'dashboard',
    flag: null,
    items: [
      {
        key: 'preview',
        path: '/overview/preview',
        label: 'Project overview',
        icon: 'dashboard',
        access: WEB,
        netModes: 'any',
        flag: 'projectOverview',
        projectScoped: false,
      },
      {
        key: 'list',
        path: '/overview/list',
        label: 'Project list',
        icon: 'project',
        access: WEB,
        netModes: 'any',
        flag: 'projectList',
        projectScoped: false,
      },
      {
        key: 'datascreen',
        path: '/overview/preview/datascreen',
        label: 'Data screen',
        icon: 'fullscreen',
        access: WEB,
        netModes: 'any',
        flag: 'dataScreen',
        projectScoped: false,
      },
    ],
  },
  {
    key: 'network',
    label: 'Network',
    icon: 'network',
    flag: 'network',
    items: [
      manage('status', 'Network status', 'status', WEB_OPENAPI, WLAN_MESH, 'status'),
      {
        key: 'visualization',
        path: '/manage/visualization',
        label: 'Visualization',
        icon: 'map',
        access: WEB,
        netModes: WLAN_MESH,
        flag: 'visualization',
        projectScoped: true,
        children: [
          manage('visualization/td', 'Wi-Fi map', 'heatmap', WEB, WLAN_MESH, 'wireHeatMap', {
            beta: true,
            configurable: true,
          }),
          manage('visualization/topo', 'Network topology', 'topology', WEB, WLAN_MESH, 'topology', {
            beta: true,
            configurable: true,
          }),
        ],
      },
    ],
  },
  {
    key: 'config',
    label: 'Config',
    icon: 'setting',
    flag: 'config',
    items: [
      // §2 "as config group": the Config group is reachable from web and openapi (its gateway
      // items are), in any network mode.
      manage('devconf', 'Device maintenance', 'device', WEB_OPENAPI, 'any', 'deviceMaintenance', {
        configurable: true,
      }),
      {
        key: 'networkconf',
        path: '/manage/networkconf',
        label: 'Gateway',
        icon: 'gateway',
        access: WEB_OPENAPI,
        netModes: WLAN_MESH,
        flag: 'networkConfig',
        projectScoped: true,
        children: [
          gateway('netset', 'Internet', 'internet', 'networkSettings', true),
          gateway('vlan', 'VLAN', 'vlan', 'vlan', true),
          gateway('dhcp', 'DHCP', 'dhcp', 'dhcp', true),
          gateway('static', 'Static route', 'route', 'staticRoute', true),
          // The route table is read from the device; nothing on it is configured.
          gateway('router', 'Route table', 'routeTable', 'routeTable', false),
          gateway('port', 'Port mapping', 'portMapping', 'portMap', true),
        ],
      },
      manage('wirelessconf', 'Wireless', 'wifi', WEB, 'any', 'wirelessConfig', { configurable: true }),
      manage('rfconf', 'RF optimization', 'radio', WEB, WLAN_ONLY, 'rfOptimization', { configurable: true }),
    ],
  },
  {
    key: 'data',
    label: 'Data',
    icon: 'chart',
    flag: 'data',
    items: [
      manage('devsrunstat', 'Device data', 'deviceData', WEB_OPENAPI, WLAN_MESH, 'deviceRunData'),
      manage('onlinestat', 'Client data', 'clientData', WEB_OPENAPI, WLAN_MESH, 'onlineClientData'),
      // Forcing a client offline is a change, so the list counts as configurable.
      manage('onlinelist', 'Client list', 'clientList', WEB_OPENAPI, WLAN_MESH, 'onlineClientList', {
        configurable: true,
      }),
    ],
  },
  {
    key: 'tool',
    label: 'Tool',
    icon: 'tool',
    flag: 'tools',
    items: [
      manage('authority', 'Share & permissions', 'share', WEB, 'any', 'permissionShare', {
        configurable: true,
      }),
      manage('runlog', 'Log', 'log', 'any', 'any', 'runLog'),
      manage('alarminfo', 'Alarm', 'alarm', 'any', 'any', 'alarmInfo'),
      manage('backup', 'Configuration backup', 'backup', 'any', WLAN_ONLY, 'configBackup', {
        configurable: true,
      }),
    ],
  },
];

/** A route item (a leaf of the tree) with the group and submenu it sits in. */
export interface MenuRoute {
  group: MenuGroup;
  parent: MenuItem | null;
  item: MenuItem;
}

/** Every route item with its group, in menu order. */
export const MENU_ROUTES: readonly MenuRoute[] = MENU_TREE.flatMap((group) =>
  group.items.flatMap((item): MenuRoute[] =>
    item.children
      ? item.children.map((child) => ({ group, parent: item, item: child }))
      : [{ group, parent: null, item }],
  ),
);

/** Path of the default landing page for web access (§2). */
export const OVERVIEW_PATH = '/overview/preview';
/** Where a session with no permitted menu item lands. */
export const NO_ACCESS_PATH = '/no-access';
