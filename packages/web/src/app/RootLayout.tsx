import { findMenuRoute } from '@netloom/domain';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { onSessionEnded } from '../api/client';
import { useEndSession } from './signOut';

/** Titles of the routes outside the menu tree (menu routes use their menu label). */
const TITLES: Record<string, string> = {
  '/login': 'Sign in',
  '/register': 'Create account',
  '/forgot-password': 'Reset password',
  '/account': 'My account',
  '/help/center': 'Help center',
  '/help/service': 'Online service',
};

function titleOf(pathname: string): string {
  const page = TITLES[pathname] ?? findMenuRoute(pathname)?.item.label;
  return page ? `${page} · Netloom` : 'Netloom';
}

/**
 * The router's root: wires the API client's "session is over" signal (70 / 401) to sign-out, and
 * names the browser tab after the page.
 */
export function RootLayout() {
  const endSession = useEndSession();
  const { pathname } = useLocation();
  useEffect(() => onSessionEnded(endSession), [endSession]);
  useEffect(() => {
    document.title = titleOf(pathname);
  }, [pathname]);
  return <Outlet />;
}
