import { ERR, type SessionInfo } from '@netloom/domain';
import { useQuery } from '@tanstack/react-query';
import { App as AntdApp, Button, Result } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ApiError, api } from '../api/client';
import { queryKeys } from '../api/queryKeys';
import { BootScreen } from './BootScreen';
import { AccountProvider } from './session';
import { storage } from './storage';

export function fetchSession() {
  // "Not signed in" is this call's answer, not an interruption: the guard below redirects.
  return api.get<SessionInfo>('/api/auth/session', { noSignOut: true });
}

/** Route guard of the console: loads the signed-in account once, or sends the visitor to /login. */
export default function RequireSession() {
  const location = useLocation();
  const session = useQuery({ queryKey: queryKeys.session, queryFn: fetchSession, staleTime: 5 * 60_000 });

  if (session.isPending) return <BootScreen />;
  if (session.isError) {
    const code = session.error instanceof ApiError ? session.error.code : ERR.SERVER_ERROR;
    if (code === ERR.NOT_SIGNED_IN || code === ERR.PASSWORD_CHANGED) {
      // 70 means another browser changed the password: this session is over (§4 logout clears).
      if (code === ERR.PASSWORD_CHANGED) storage.clearOnLogout();
      const next = `${location.pathname}${location.search}`;
      const params = new URLSearchParams();
      if (code === ERR.PASSWORD_CHANGED) params.set('reason', String(code));
      if (next !== '/' && next !== '/login') params.set('next', next);
      const query = params.toString();
      return <Navigate to={query ? `/login?${query}` : '/login'} replace />;
    }
    return (
      <div className="nl-center-page">
        <Result
          status="warning"
          title="The console could not reach the server"
          subTitle={session.error.message}
          extra={
            <Button type="primary" onClick={() => void session.refetch()}>
              Try again
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <AccountProvider account={session.data.account}>
      {/* antd's App (message, notification, modal hooks) lives in the console only: the sign-in
          screens do without it, which keeps ~9 KB gzipped off the login route. */}
      <AntdApp>
        <Outlet />
      </AntdApp>
    </AccountProvider>
  );
}
