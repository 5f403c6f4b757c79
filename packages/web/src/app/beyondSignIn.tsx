import type { RouteObject } from 'react-router';
import * as account from '../features/account/routes';
import * as accounts from '../features/accounts/routes';
import * as activation from '../features/activation/routes';
import * as alarms from '../features/alarms/routes';
import * as analytics from '../features/analytics/routes';
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

/**
 * Every route but the sign-in screens, composed from each feature's `routes.ts`. The router loads
 * this module with the first navigation outside the sign-in screens (`router.tsx`), so the login
 * route carries none of the console's route table (issue 2 budget: ≤ 300 KB gzipped JS + CSS).
 */

/** How the router mounts a feature's pages: the routes its `routes.ts` declares. */
interface FeatureRoutes {
  /** Routes outside the session guard (the social sign-in's return page). */
  publicRoutes?: RouteObject[];
  /** Pages inside the console frame. */
  consoleRoutes?: RouteObject[];
  /** Full-screen pages: signed in and allowed by the menu, without the console frame (the data screen). */
  fullScreenRoutes?: RouteObject[];
}

/** Every feature with pages, in menu order, but `auth`: its sign-in screens are in the entry chunk. */
const FEATURES: readonly FeatureRoutes[] = [
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

/**
 * The features' public pages, then the session guard and, inside it, the full-screen frame and the
 * console frame with their pages.
 */
export const routesBeyondSignIn: RouteObject[] = [
  ...FEATURES.flatMap((f) => f.publicRoutes ?? []),
  {
    // The id makes a repeated patch a no-op (the router matches patched routes by id first).
    id: 'signed-in',
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
];
