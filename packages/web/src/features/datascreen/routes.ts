import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES } from '../../navigation/paths';

/**
 * The project data screen (issue 12 §4): full screen, outside the console frame; its own chunk with
 * d3-geo, and the map data in further chunks loaded when a range is shown.
 */
export const fullScreenRoutes: RouteObject[] = [
  { path: MENU_PAGES.dataScreen, lazy: lazyPage(() => import('./DataScreenPage')) },
];
