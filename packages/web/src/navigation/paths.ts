import { MENU_ROUTES, NO_ACCESS_PATH } from '@netloom/domain';

/**
 * Where the console's pages live, in one place. Pages of the §2 menu take their path from the
 * domain's menu tree (looked up by item key, so a path is written once, in domain); the few pages
 * outside the menu have their named path here. Nothing else in the web spells a page path.
 */

/** The path of the menu item `key` of the domain tree; a key the tree lacks fails at load. */
export function menuPath(key: string): string {
  const found = MENU_ROUTES.find((r) => r.item.key === key);
  if (!found) throw new Error(`The menu tree has no item "${key}"`);
  return found.item.path;
}

/** Pages of the menu tree, by what they are. */
export const MENU_PAGES = {
  projectOverview: menuPath('preview'),
  projectList: menuPath('list'),
  dataScreen: menuPath('datascreen'),
  networkStatus: menuPath('status'),
  wifiMap: menuPath('td'),
  topology: menuPath('topo'),
  devices: menuPath('devconf'),
  internet: menuPath('netset'),
  vlan: menuPath('vlan'),
  dhcp: menuPath('dhcp'),
  staticRoutes: menuPath('static'),
  routeTable: menuPath('router'),
  portMapping: menuPath('port'),
  wireless: menuPath('wirelessconf'),
  rf: menuPath('rfconf'),
  deviceData: menuPath('devsrunstat'),
  clientData: menuPath('onlinestat'),
  clientList: menuPath('onlinelist'),
  sharing: menuPath('authority'),
  log: menuPath('runlog'),
  alarms: menuPath('alarminfo'),
  backup: menuPath('backup'),
} as const;

/** Pages outside the menu tree: sign-in screens, the account, help, and the device sub-pages. */
export const PAGES = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  account: '/account',
  /** Account management (manufacturer role). */
  accounts: '/accounts',
  /** Activation statistics (manufacturer role). */
  activation: '/activation',
  /** Supported cloud-version models (any account; beside the help center). */
  supportedModels: '/help/models',
  /** The data pivot of analytics events (manufacturer role). */
  dataPivot: '/data-pivot',
  /** Joining a project with an invitation code (the link of an invitation). */
  joinProject: '/join',
  helpCenter: '/help/center',
  onlineService: '/help/service',
  noAccess: NO_ACCESS_PATH,
  /** One device of the device list (its detail drawer open). */
  device: `${MENU_PAGES.devices}/:deviceId`,
  /** The switch ports of one device. */
  devicePorts: `${MENU_PAGES.devices}/:deviceId/ports`,
  /** The project's port profiles (applied to switch ports). */
  portProfiles: `${MENU_PAGES.devices}/port-profiles`,
  /** Scheme generation (account menu): the account's solutions, a new one, one solution. */
  solutions: '/solutions',
  newSolution: '/solutions/new',
  solution: '/solutions/:solutionId',
  /** Traceback (§2 named screen): a client's connections and roams (`?mac=` the client). */
  traceback: `${MENU_PAGES.clientList}/traceback`,
  /** The account's experience project (§2 "demo project"; account menu). */
  experience: '/experience',
} as const;

/** The device list with one device's drawer open. */
export function devicePath(deviceId: number): string {
  return PAGES.device.replace(':deviceId', String(deviceId));
}

/** The traceback of one client (or the empty screen asking for a MAC). */
export function tracebackPath(mac?: string): string {
  return mac ? `${PAGES.traceback}?mac=${encodeURIComponent(mac)}` : PAGES.traceback;
}

/** The switch ports page of one device. */
export function devicePortsPath(deviceId: number): string {
  return PAGES.devicePorts.replace(':deviceId', String(deviceId));
}

/** The project list, opening the "new project" drawer. */
export const NEW_PROJECT_PATH = `${MENU_PAGES.projectList}?create=1`;

/** The login page explaining why the session ended (a catalogue code: 70, 401). */
export function loginPath(reason?: number): string {
  return reason === undefined ? PAGES.login : `${PAGES.login}?reason=${reason}`;
}

/** The client list with one client's panel open. */
export function clientPanelPath(mac: string): string {
  return `${MENU_PAGES.clientList}?client=${encodeURIComponent(mac)}`;
}
