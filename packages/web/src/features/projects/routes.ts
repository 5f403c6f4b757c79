import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES } from '../../navigation/paths';

/** The account-wide overview and the project list. */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.projectOverview, lazy: lazyPage(() => import('./ProjectOverviewPage')) },
  { path: MENU_PAGES.projectList, lazy: lazyPage(() => import('./ProjectListPage')) },
];
