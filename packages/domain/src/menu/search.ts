/**
 * Settings pages as the global search finds them (Ctrl-K): every route of the §2 menu tree
 * (`MENU_ROUTES`: its label, path and place in the menu), plus words people type for it ("poe",
 * "ssid", "wan") and the few sections of a page worth a hit of their own (a device list tab).
 * Nothing here repeats a path or a label: both come from the tree, looked up by item key, and a
 * key the tree lacks fails at load. Visibility is the menu's own ({@link isRouteAllowed}).
 */
import { MENU_ROUTES, type MenuRoute } from './tree';
import { isRouteAllowed, type MenuContext } from './visibility';

/** Words that find a menu page besides its label, by menu item key. */
export const MENU_SEARCH_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  preview: ['overview', 'dashboard', 'home', 'summary'],
  list: ['projects', 'new project', 'sites'],
  datascreen: ['wall display', 'full screen', 'map'],
  status: ['health', 'internet', 'wan', 'throughput', 'charts', 'kpi'],
  td: ['heat map', 'heatmap', 'floor plan', 'coverage', 'walls'],
  topo: ['topology', 'uplinks', 'links', 'tree'],
  devconf: ['devices', 'reboot', 'upgrade', 'firmware', 'reset', 'led', 'location', 'adopt', 'claim'],
  netset: ['wan', 'pppoe', 'dns', 'isp', 'static ip', 'uplink'],
  vlan: ['vlans', 'vlan id', 'subnet', 'segment', 'tagged', '802.1q'],
  dhcp: ['dhcp server', 'address pool', 'lease', 'pool'],
  static: ['routes', 'routing', 'next hop', 'gateway route'],
  router: ['routing table', 'routes'],
  port: ['port forwarding', 'nat', 'virtual server', 'forward'],
  wirelessconf: ['wifi', 'wi-fi', 'ssid', 'wlan', 'wpa', 'password', 'guest', 'schedule', 'policy', '6 ghz'],
  rfconf: ['channel', 'transmit power', 'roaming', 'interference', 'optimisation', 'rf'],
  devsrunstat: ['cpu', 'memory', 'ap load', 'models', 'firmware versions', 'statistics'],
  onlinestat: ['traffic', 'top clients', 'passenger flow', 'statistics'],
  onlinelist: ['clients', 'stations', 'users', 'force offline', 'kick', 'alias'],
  authority: ['share', 'transfer', 'permissions', 'invite'],
  runlog: ['audit', 'history', 'changes', 'events', 'system log', 'retention'],
  alarminfo: ['alarms', 'alerts', 'notifications'],
  backup: ['restore', 'backup', 'snapshot'],
};

/** A part of a menu page with a search hit of its own: the page opened with a query string. */
export interface MenuSearchSection {
  key: string;
  /** The menu item (by key) whose page it is part of. */
  menuKey: string;
  title: string;
  keywords: readonly string[];
  /** Appended to the page's path (`type=switch`: the device list's switch tab). */
  search: string;
}

export const MENU_SEARCH_SECTIONS: readonly MenuSearchSection[] = [
  {
    key: 'switchPorts',
    menuKey: 'devconf',
    title: 'Switch ports & PoE',
    keywords: ['poe', 'ports', 'port', 'switch', 'power', 'trunk', 'access port', 'loop guard', 'eee'],
    search: 'type=switch',
  },
];

/** One searchable page: its title, where it sits in the menu, and where it opens. */
export interface MenuSearchEntry {
  key: string;
  title: string;
  /** The menu groups above it, e.g. ["Config", "Gateway"]. */
  trail: readonly string[];
  /** Where it opens (a menu path, with a query string for a section). */
  path: string;
  keywords: readonly string[];
  /** The menu route whose visibility decides whether a session may see it. */
  route: MenuRoute;
}

function routeOf(key: string): MenuRoute {
  const r = MENU_ROUTES.find((e) => e.item.key === key);
  if (!r) throw new Error(`The menu tree has no item "${key}"`);
  return r;
}

function trailOf(r: MenuRoute): string[] {
  return r.parent ? [r.group.label, r.parent.label] : [r.group.label];
}

/** Every searchable page, in menu order, sections after their page. */
export const MENU_SEARCH_ENTRIES: readonly MenuSearchEntry[] = MENU_ROUTES.flatMap((r) => [
  {
    key: r.item.key,
    title: r.item.label,
    trail: trailOf(r),
    path: r.item.path,
    keywords: MENU_SEARCH_KEYWORDS[r.item.key] ?? [],
    route: r,
  },
  ...MENU_SEARCH_SECTIONS.filter((s) => s.menuKey === r.item.key).map((s) => ({
    key: s.key,
    title: s.title,
    trail: [...trailOf(routeOf(s.menuKey)), r.item.label],
    path: `${r.item.path}?${s.search}`,
    keywords: s.keywords,
    route: routeOf(s.menuKey),
  })),
]);

for (const key of Object.keys(MENU_SEARCH_KEYWORDS)) routeOf(key);

/** How well an entry matches every word of a query; 0 when one word matches nothing. */
export function menuEntryScore(entry: MenuSearchEntry, query: string): number {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  const title = entry.title.toLowerCase();
  const whole = query.trim().toLowerCase();
  const keywords = entry.keywords.map((k) => k.toLowerCase());
  const trail = entry.trail.join(' ').toLowerCase();
  let score = 0;
  for (const w of words) {
    if (title === w || keywords.includes(w)) score += 4;
    else if (title.startsWith(w) || keywords.some((k) => k.startsWith(w))) score += 3;
    else if (title.includes(w) || keywords.some((k) => k.includes(w))) score += 2;
    else if (trail.includes(w)) score += 1;
    else return 0;
  }
  // The whole query as a phrase ("static route", "heat map") ranks above its words apart.
  if (title === whole || keywords.includes(whole)) score += 2;
  return score;
}

/**
 * The pages a session may open that match a query, best first (menu order among equals), at most
 * `limit`. A page the menu hides for this session (access type, network mode, §6 flags, the
 * current project's right) is never offered.
 */
export function searchMenuPages(query: string, ctx: MenuContext, limit: number): MenuSearchEntry[] {
  return MENU_SEARCH_ENTRIES.map((entry, order) => ({ entry, order, score: menuEntryScore(entry, query) }))
    .filter((h) => h.score > 0 && isRouteAllowed(h.entry.route.item.path, ctx))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((h) => h.entry);
}
