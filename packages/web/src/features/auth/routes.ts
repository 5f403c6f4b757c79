import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { PAGES } from '../../navigation/paths';

/** The sign-in screens, outside the session guard, in their own light layout. */
export const publicRoutes: RouteObject[] = [
  {
    lazy: lazyPage(() => import('./AuthLayout')),
    children: [
      { path: PAGES.login, lazy: lazyPage(() => import('./LoginPage')) },
      { path: PAGES.register, lazy: lazyPage(() => import('./RegisterPage')) },
      { path: PAGES.forgotPassword, lazy: lazyPage(() => import('./ForgotPasswordPage')) },
    ],
  },
];
