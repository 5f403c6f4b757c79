import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES } from '../../navigation/paths';

/** The Wi-Fi policies of the project. */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.wireless, lazy: lazyPage(() => import('./WirelessPage')) },
];
