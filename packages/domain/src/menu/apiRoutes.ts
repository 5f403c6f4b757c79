/**
 * Which menu item each project-scoped API route group serves, so the server refuses a call whose
 * page the session's menu hides (§2: access type and network mode; §6: permission flags). One
 * table, read by the server's project-access guard and by the tests that check every registered
 * route is in it.
 *
 * A route belongs to the group with the longest `prefix` that matches it on a segment boundary,
 * after `/api/projects/:id`. A group names the menu paths it serves; the call is allowed when ANY
 * of them is visible ({@link isMenuPathVisible}). `menu: null` marks the groups the console shell
 * itself needs whatever the menu shows (the project record, the pending-configuration badge, the
 * "devices to be verified" list of the header) — each with its reason.
 */
import { NET_MODES } from '../enums/project';
import type { MenuContext } from './visibility';
import { isMenuPathVisible } from './visibility';

export interface ProjectApiGroup {
  /** Path below `/api/projects/:id`, `''` for the project itself. */
  prefix: string;
  /** Menu paths the group serves (any visible one allows it); null: not governed by the menu. */
  menu: readonly string[] | null;
  /** Why a group is not governed by the menu, or which page uses it. */
  note: string;
}

const DEVICE_MAINTENANCE = '/manage/devconf';
const GATEWAY = '/manage/networkconf';
const LOG = '/manage/runlog';
// Configuration history is read from the Log page and from the history drawer of every
// configuration page: any of them opens it.
const CONFIG_PAGES = [GATEWAY, DEVICE_MAINTENANCE, '/manage/wirelessconf', '/manage/rfconf'] as const;
const HISTORY = [LOG, ...CONFIG_PAGES] as const;

/**
 * The table, by name: each project endpoint names its group (domain `endpoint()`), and `prefix` is
 * where the group's paths live below `/api/projects/:id` (matching takes the longest prefix).
 */
export const PROJECT_API_GROUPS = {
  project: {
    prefix: '',
    menu: null,
    note: 'the project record and its settings, needed by every access type',
  },
  lock: { prefix: '/lock', menu: null, note: "the owner's configuration lock (project settings)" },
  transfer: {
    prefix: '/transfer',
    menu: null,
    note: "the owner's transfer of the project (project settings)",
  },
  configStatus: {
    prefix: '/config/status',
    menu: null,
    note: 'the header badge: devices with pending configuration',
  },
  configRetry: {
    prefix: '/config/retry',
    menu: CONFIG_PAGES,
    note: 'delivery retry from a configuration page',
  },
  pendingDevices: { prefix: '/devices/pending', menu: null, note: 'the header: devices to be verified' },
  overview: { prefix: '/overview', menu: ['/manage/status'], note: 'network status KPIs' },
  status: { prefix: '/status', menu: ['/manage/status'], note: 'network status charts' },
  devices: {
    prefix: '/devices',
    menu: [DEVICE_MAINTENANCE],
    note: 'device list, detail, ports, radios, CPE',
  },
  commands: {
    prefix: '/commands',
    menu: [DEVICE_MAINTENANCE, '/manage/onlinelist'],
    note: 'device command jobs',
  },
  maintenance: {
    prefix: '/maintenance',
    menu: [DEVICE_MAINTENANCE],
    note: 'device maintenance: restart, locate, reset (one device or a selection)',
  },
  nvr: {
    prefix: '/nvr',
    menu: [DEVICE_MAINTENANCE],
    note: 'NVR disks: format a disk, its format jobs (the device drawer)',
  },
  remote: {
    prefix: '/remote',
    menu: [DEVICE_MAINTENANCE],
    note: "remote web management: a device's own page through the console",
  },
  network: {
    prefix: '/config/network',
    menu: [GATEWAY],
    note: 'Internet, VLAN, DHCP, static routes, port mapping',
  },
  routeTable: { prefix: '/network/route-table', menu: ['/manage/networkconf/router'], note: 'route table' },
  portProfiles: {
    prefix: '/config/port-profiles',
    menu: [DEVICE_MAINTENANCE],
    note: 'port profiles, applied to switch ports from the port pages',
  },
  wireless: { prefix: '/config/wireless', menu: ['/manage/wirelessconf'], note: 'Wi-Fi policies' },
  rf: { prefix: '/config/rf', menu: ['/manage/rfconf'], note: 'RF settings' },
  rfRuns: { prefix: '/rf', menu: ['/manage/rfconf'], note: 'RF optimisation runs' },
  revisions: { prefix: '/config/revisions', menu: HISTORY, note: 'configuration history and restore' },
  diff: { prefix: '/config/diff', menu: HISTORY, note: 'configuration history compare' },
  audit: { prefix: '/audit', menu: [LOG], note: 'the change log' },
  runlog: { prefix: '/runlog', menu: [LOG], note: 'the system log, its CSV export and retention' },
  deviceData: { prefix: '/device-data', menu: ['/manage/devsrunstat'], note: 'device data' },
  clientData: { prefix: '/client-data', menu: ['/manage/onlinestat'], note: 'client data' },
  topology: { prefix: '/topology', menu: ['/manage/visualization/topo'], note: 'network topology' },
  clients: { prefix: '/clients', menu: ['/manage/onlinelist'], note: 'client list and force offline' },
  blacklist: {
    prefix: '/config/blacklist',
    menu: ['/manage/onlinelist'],
    note: 'the client blacklist (block and unblock from the client list)',
  },
  alarms: { prefix: '/alarms', menu: ['/manage/alarminfo'], note: 'alarms' },
  notifications: {
    prefix: '/notifications',
    menu: ['/manage/alarminfo'],
    note: 'who receives the alarms (a tab of the Alarm page)',
  },
  maps: {
    prefix: '/maps',
    menu: ['/manage/visualization/td'],
    note: 'floor-plan maps, their walls and AP positions (the Wi-Fi map)',
  },
  backup: {
    prefix: '/backups',
    menu: ['/manage/backup'],
    note: 'configuration backups: back up now, restore points, download, restore',
  },
  shares: {
    prefix: '/shares',
    menu: ['/manage/authority'],
    note: 'share & permissions: shares by account (the sharing feature)',
  },
  invitations: {
    prefix: '/invitations',
    menu: ['/manage/authority'],
    note: 'share & permissions: invitation codes',
  },
} as const satisfies Record<string, ProjectApiGroup>;

export type ProjectApiGroupName = keyof typeof PROJECT_API_GROUPS;
/** The groups as a list (no particular order). */
export const PROJECT_API_GROUP_LIST: readonly ProjectApiGroup[] = Object.values(PROJECT_API_GROUPS);

const PROJECT_ROUTE = /^\/api\/projects\/:[A-Za-z]+(\/.*)?$/;

/** The path below `/api/projects/:id` of a route pattern, or null when it is not project-scoped. */
export function projectApiSubpath(routePattern: string): string | null {
  const m = PROJECT_ROUTE.exec(routePattern);
  return m ? (m[1] ?? '') : null;
}

/**
 * The group a project-scoped path falls in by its prefix (e.g. `/api/projects/:id/config/vlan`), or
 * null. Endpoints name their group; this is the check that the name agrees with the path.
 */
export function projectApiGroupNameOf(routePattern: string): ProjectApiGroupName | null {
  const group = projectApiGroupOf(routePattern);
  if (!group) return null;
  return (
    (Object.keys(PROJECT_API_GROUPS) as ProjectApiGroupName[]).find((n) => PROJECT_API_GROUPS[n] === group) ??
    null
  );
}

/** The group of a project-scoped route pattern by its prefix, or null. */
export function projectApiGroupOf(routePattern: string): ProjectApiGroup | null {
  const sub = projectApiSubpath(routePattern);
  if (sub === null) return null;
  let best: ProjectApiGroup | null = null;
  for (const g of PROJECT_API_GROUP_LIST) {
    const matches = g.prefix === '' ? sub === '' : sub === g.prefix || sub.startsWith(`${g.prefix}/`);
    if (matches && (!best || g.prefix.length > best.prefix.length)) best = g;
  }
  return best;
}

/** Whether a session sees any menu item of a group (`menu: null` groups are always allowed). */
function groupAllowed(group: ProjectApiGroup, ctx: MenuContext): boolean {
  return group.menu === null || group.menu.some((path) => isMenuPathVisible(path, ctx));
}

/**
 * Why a session may not call an endpoint of a group, or null when it may:
 * - `'netMode'`: the group serves pages of the other network mode only (RF optimisation in a mesh
 *   project) — the server answers 913, "does not support the operation";
 * - `'hidden'`: the access type or the permission flags hide every page it serves — 403.
 */
export function projectApiGroupRefusal(
  name: ProjectApiGroupName,
  ctx: MenuContext,
): 'netMode' | 'hidden' | null {
  const group: ProjectApiGroup = PROJECT_API_GROUPS[name];
  if (groupAllowed(group, ctx)) return null;
  const otherModes = Object.values(NET_MODES).filter((m) => m !== ctx.netMode);
  return otherModes.some((netMode) => groupAllowed(group, { ...ctx, netMode })) ? 'netMode' : 'hidden';
}
