import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES } from '../../navigation/paths';

/** The alarm list of §5 (alarms and device log lines). */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.alarms, lazy: lazyPage(() => import('./AlarmPage')) },
];
