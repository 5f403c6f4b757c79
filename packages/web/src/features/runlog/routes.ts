import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES } from '../../navigation/paths';

/** The Log (/manage/runlog): the system log, and the configuration history of the project or a device. */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.log, lazy: lazyPage(() => import('./LogPage')) },
];
