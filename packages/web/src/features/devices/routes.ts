import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES, PAGES } from '../../navigation/paths';

/** Device maintenance: the device list, with one device's drawer open at its own address. */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.devices, lazy: lazyPage(() => import('./DeviceListPage')) },
  { path: PAGES.device, lazy: lazyPage(() => import('./DeviceListPage')) },
];
