import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES } from '../../navigation/paths';

/** The network topology (issue 12 §3), its own chunk: React Flow and elkjs load only here. */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.topology, lazy: lazyPage(() => import('./TopologyPage')) },
];
