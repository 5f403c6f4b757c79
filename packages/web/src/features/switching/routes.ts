import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { PAGES } from '../../navigation/paths';

/** A switch's ports and the project's port profiles, sub-pages of device maintenance (outside the menu tree). */
export const consoleRoutes: RouteObject[] = [
  { path: PAGES.devicePorts, lazy: lazyPage(() => import('./PortManagementPage')) },
  { path: PAGES.portProfiles, lazy: lazyPage(() => import('./PortProfilesPage')) },
];
