import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { PAGES } from '../../navigation/paths';

/** The data pivot (manufacturer role; the page itself says "no access" to others). */
export const consoleRoutes: RouteObject[] = [
  { path: PAGES.dataPivot, lazy: lazyPage(() => import('./DataPivotPage')) },
];
