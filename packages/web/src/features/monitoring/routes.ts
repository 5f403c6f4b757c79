import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES } from '../../navigation/paths';

/** Network status, device data and client data (§5 monitoring). */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.networkStatus, lazy: lazyPage(() => import('./NetworkStatusPage')) },
  { path: MENU_PAGES.deviceData, lazy: lazyPage(() => import('./DeviceDataPage')) },
  { path: MENU_PAGES.clientData, lazy: lazyPage(() => import('./ClientDataPage')) },
];
