import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { PAGES } from '../../navigation/paths';

/** The account's own page (profile, e-mail, avatar). */
export const consoleRoutes: RouteObject[] = [
  { path: PAGES.account, lazy: lazyPage(() => import('./ProfilePage')) },
];
