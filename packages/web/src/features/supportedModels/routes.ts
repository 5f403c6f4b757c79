import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { PAGES } from '../../navigation/paths';

/** Supported cloud-version models (any signed-in account; the account menu's help section). */
export const consoleRoutes: RouteObject[] = [
  { path: PAGES.supportedModels, lazy: lazyPage(() => import('./SupportedModelsPage')) },
];
