import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES } from '../../navigation/paths';

/** The Log: configuration history and audit of the project, or of one device. */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.log, lazy: lazyPage(() => import('./LogPage')) },
];
