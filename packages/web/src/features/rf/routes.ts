import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES } from '../../navigation/paths';

/** RF optimisation: runs, schedule, roaming. */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.rf, lazy: lazyPage(() => import('./RfPage')) },
];
