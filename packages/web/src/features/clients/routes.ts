import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES } from '../../navigation/paths';

/** The online client list (force offline). */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.clientList, lazy: lazyPage(() => import('./ClientListPage')) },
];
