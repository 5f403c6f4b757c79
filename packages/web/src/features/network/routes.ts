import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES } from '../../navigation/paths';

/** The six gateway pages of §2 network config, all editing the project's `network` document. */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.internet, lazy: lazyPage(() => import('./InternetPage')) },
  { path: MENU_PAGES.vlan, lazy: lazyPage(() => import('./VlanPage')) },
  { path: MENU_PAGES.dhcp, lazy: lazyPage(() => import('./DhcpPage')) },
  { path: MENU_PAGES.staticRoutes, lazy: lazyPage(() => import('./StaticRoutePage')) },
  { path: MENU_PAGES.routeTable, lazy: lazyPage(() => import('./RouteTablePage')) },
  { path: MENU_PAGES.portMapping, lazy: lazyPage(() => import('./PortMappingPage')) },
];
