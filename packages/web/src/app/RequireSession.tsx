import { ERR } from '@netloom/domain';
import { App as AntdApp, Button, Result } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ApiError } from '../api/client';
import { storage } from '../browser/storage';
import { PAGES } from '../navigation/paths';
import { AccountProvider } from '../session/session';
import { useSessionInfo } from '../session/sessionApi';
import { BootScreen } from './BootScreen';

/** Route guard of the console: loads the signed-in account once, or sends the visitor to /login. */
export default function RequireSession() {
  const location = useLocation();
  const session = useSessionInfo();

  if (session.isPending) return <BootScreen />;
  if (session.isError) {
    const code = session.error instanceof ApiError ? session.error.code : ERR.SERVER_ERROR;
    if (
      code === ERR.NOT_SIGNED_IN ||
      code === ERR.PASSWORD_CHANGED ||
      code === ERR.LOGGED_IN_ELSEWHERE ||
      code === ERR.ACCOUNT_DISABLED
    ) {
      // 70: another browser changed the password; 69: the account signed in elsewhere with "one
      // active session" on; 520: an administrator disabled the account. Either way this session is
      // over (§4 logout clears) and the login page says why.
      const ended = code !== ERR.NOT_SIGNED_IN;
      if (ended) storage.clearOnLogout();
      const next = `${location.pathname}${location.search}`;
      const params = new URLSearchParams();
      if (ended) params.set('reason', String(code));
      if (next !== '/' && next !== PAGES.login) params.set('next', next);
      const query = params.toString();
      return <Navigate to={query ? `${PAGES.login}?${query}` : PAGES.login} replace />;
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
