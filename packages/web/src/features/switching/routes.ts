import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { PAGES } from '../../navigation/paths';

/** A switch's ports, a sub-page of device maintenance (outside the menu tree). */
export const consoleRoutes: RouteObject[] = [
  { path: PAGES.devicePorts, lazy: lazyPage(() => import('./PortManagementPage')) },
];
