import { createBrowserRouter, type RouteObject } from 'react-router';
import * as account from '../features/account/routes';
import * as accounts from '../features/accounts/routes';
import * as activation from '../features/activation/routes';
import * as alarms from '../features/alarms/routes';
import * as analytics from '../features/analytics/routes';
import * as auth from '../features/auth/routes';
import * as backup from '../features/backup/routes';
import * as clients from '../features/clients/routes';
import * as datascreen from '../features/datascreen/routes';
import * as devices from '../features/devices/routes';
import * as experience from '../features/experience/routes';
import * as help from '../features/help/routes';
import * as maps from '../features/maps/routes';
import * as monitoring from '../features/monitoring/routes';
import * as network from '../features/network/routes';
import * as projects from '../features/projects/routes';
import * as rf from '../features/rf/routes';
import * as runlog from '../features/runlog/routes';
import * as scanLogin from '../features/scanLogin/routes';
import * as sharing from '../features/sharing/routes';
import * as solutions from '../features/solutions/routes';
import * as supportedModels from '../features/supportedModels/routes';
import * as switching from '../features/switching/routes';
import * as topology from '../features/topology/routes';
import * as traceback from '../features/traceback/routes';
import * as wireless from '../features/wireless/routes';
import { lazyPage } from '../navigation/lazyPage';
import { PAGES } from '../navigation/paths';
import { type FeaturePage, PENDING_FEATURE_PAGES } from '../navigation/pendingPages';
import { BootScreen } from './BootScreen';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/**
 * The console's routes, composed from each feature's `routes.ts` (its pages at the paths of the
 * menu tree, or at the named paths of `navigation/paths.ts`). Every screen is a lazy route so the
 * login route stays light (issue 2 budget: ≤ 300 KB gzipped JS + CSS): only the root layout, the
 * boot screen and the error boundary are in the entry chunk.
 */

/** How the router mounts a feature: the routes its `routes.ts` declares. */
interface FeatureRoutes {
  /** Routes outside the session guard (the sign-in screens). */
  publicRoutes?: RouteObject[];
  /** Pages inside the console frame. */
  consoleRoutes?: RouteObject[];
  /** Full-screen pages: signed in and allowed by the menu, without the console frame (the data screen). */
  fullScreenRoutes?: RouteObject[];
}

/** Every feature with pages, in menu order. */
const FEATURES: readonly FeatureRoutes[] = [
  auth,
  projects,
  monitoring,
  datascreen,
  topology,
  maps,
  devices,
  switching,
  network,
  wireless,
  rf,
  clients,
  traceback,
  runlog,
  alarms,
  backup,
  sharing,
  account,
  accounts,
  activation,
  solutions,
  analytics,
  help,
  supportedModels,
  scanLogin,
  experience,
];

function pending(p: FeaturePage): RouteObject {
  return { path: p.path, handle: p, lazy: lazyPage(() => import('./PendingFeaturePage')) };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <BootScreen />,
    errorElement: <RouteError />,
    children: [
      ...FEATURES.flatMap((f) => f.publicRoutes ?? []),
      {
        lazy: lazyPage(() => import('./RequireSession')),
        children: [
          {
            lazy: lazyPage(() => import('./FullScreenFrame')),
            children: FEATURES.flatMap((f) => f.fullScreenRoutes ?? []),
          },
          {
            lazy: lazyPage(() => import('./ConsoleLayout')),
            children: [
              { index: true, lazy: lazyPage(() => import('./Landing')) },
              ...FEATURES.flatMap((f) => f.consoleRoutes ?? []),
              { path: PAGES.noAccess, lazy: lazyPage(() => import('./NoAccess')) },
              ...PENDING_FEATURE_PAGES.map((p) => pending(p)),
              { path: '*', lazy: lazyPage(() => import('./NotFound')) },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
