import { findMenuRoute } from '@netloom/domain';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PAGES } from '../navigation/paths';
import { useApiEventHandlers } from './apiEvents';

/** Titles of the routes outside the menu tree (menu routes use their menu label). */
const TITLES: Record<string, string> = {
  [PAGES.login]: 'Sign in',
  [PAGES.register]: 'Create account',
  [PAGES.forgotPassword]: 'Reset password',
  [PAGES.account]: 'My account',
  [PAGES.accounts]: 'Account management',
  [PAGES.activation]: 'Activation statistics',
  [PAGES.supportedModels]: 'Supported models',
  [PAGES.dataPivot]: 'Data pivot',
  [PAGES.helpCenter]: 'Help center',
  [PAGES.onlineService]: 'Online service',
};

function titleOf(pathname: string): string {
  const page = TITLES[pathname] ?? findMenuRoute(pathname)?.item.label;
  return page ? `${page} · Netloom` : 'Netloom';
}

/**
 * The router's root: handles the API client's events (a session that ended signs out, the demo
 * code's modal), and names the browser tab after the page.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  useApiEventHandlers();
  useEffect(() => {
    document.title = titleOf(pathname);
  }, [pathname]);
  return <Outlet />;
}
