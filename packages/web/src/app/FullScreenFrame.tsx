import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { menuContextFor, useMenuSession } from '../session/menuContext';
import { RouteAccessGuard } from './shell/RouteAccessGuard';

/**
 * Full-screen pages (the data screen): outside the console frame, but opened only when the menu
 * would show them (the session's access type and permission flags; no current project needed).
 */
export default function FullScreenFrame() {
  const session = useMenuSession();
  const ctx = useMemo(() => menuContextFor(session, null), [session]);
  return (
    <RouteAccessGuard ctx={ctx}>
      <Outlet />
    </RouteAccessGuard>
  );
}
