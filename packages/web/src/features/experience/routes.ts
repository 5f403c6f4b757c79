import { STATIC_PAGE_PATHS } from '@netloom/domain';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { PAGES } from '../../navigation/paths';

/** The social-login return page: before the session guard (it checks the session itself). */
export const publicRoutes: RouteObject[] = [
  { path: STATIC_PAGE_PATHS.socialReturn, lazy: lazyPage(() => import('./SocialReturnPage')) },
];

/** The experience project (account menu) and the /static pages links land on (§2 top-level routes). */
export const consoleRoutes: RouteObject[] = [
  { path: PAGES.experience, lazy: lazyPage(() => import('./ExperiencePage')) },
  { path: STATIC_PAGE_PATHS.linkForward, lazy: lazyPage(() => import('./LinkForwardPage')) },
  { path: STATIC_PAGE_PATHS.transfer, lazy: lazyPage(() => import('./TransferLandingPage')) },
  { path: STATIC_PAGE_PATHS.toLocalManagement, lazy: lazyPage(() => import('./LocalManagementPage')) },
];
