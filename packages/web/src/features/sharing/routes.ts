import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES, PAGES } from '../../navigation/paths';

/** Share & permissions (issue 14 §1) and the page an invitation link opens. */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.sharing, lazy: lazyPage(() => import('./SharingPage')) },
  { path: PAGES.joinProject, lazy: lazyPage(() => import('./JoinProjectPage')) },
];
