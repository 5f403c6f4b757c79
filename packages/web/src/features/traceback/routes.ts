import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { PAGES } from '../../navigation/paths';

/** Traceback: a client's connections and roams (reached from the client list and its panel). */
export const consoleRoutes: RouteObject[] = [
  { path: PAGES.traceback, lazy: lazyPage(() => import('./TracebackPage')) },
];
