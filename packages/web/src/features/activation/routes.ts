import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { PAGES } from '../../navigation/paths';

/** Activation statistics (manufacturer role; the page itself says "no access" to others). */
export const consoleRoutes: RouteObject[] = [
  { path: PAGES.activation, lazy: lazyPage(() => import('./ActivationPage')) },
];
