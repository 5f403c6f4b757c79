import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { publicRoutes as signInRoutes } from '../features/auth/routes';
import { BootScreen } from './BootScreen';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/**
 * The console's routes. The entry chunk holds the root layout, the boot screen, the error boundary
 * and the sign-in screens (each a lazy route); every other route is in `beyondSignIn.tsx`, patched
 * in with the first navigation anywhere else, so the login route stays light (issue 2 budget:
 * ≤ 300 KB gzipped JS + CSS) however many pages the console has.
 */

const ROOT_ROUTE_ID = 'root';

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    element: <RootLayout />,
    hydrateFallbackElement: <BootScreen />,
    errorElement: <RouteError />,
    children: signInRoutes,
  },
];

/**
 * A path the sign-in screens do not match: the other routes join the root's children. The router
 * also asks for every path matched with params (`/devices/:id`, the not-found splat); the module is
 * loaded by then and the patch adds nothing (the router knows each route already), so the answer
 * is immediate.
 */
const patchRoutesBeyondSignIn: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  const { routesBeyondSignIn } = await import('./beyondSignIn');
  patch(ROOT_ROUTE_ID, routesBeyondSignIn);
};

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: patchRoutesBeyondSignIn });
