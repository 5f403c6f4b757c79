import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { PAGES } from '../../navigation/paths';

/** The help center and online service (account menu). */
export const consoleRoutes: RouteObject[] = [
  { path: PAGES.helpCenter, lazy: lazyPage(() => import('./HelpCenterPage')) },
  { path: PAGES.onlineService, lazy: lazyPage(() => import('./OnlineServicePage')) },
];
