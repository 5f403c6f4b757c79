import { authEndpoints, type SessionInfo } from '@netloom/domain';
import { useQuery } from '@tanstack/react-query';
import { call, type RequestOptions } from '../api/client';

/** Query key of the session: the account inside the console, the menu's flags. */
export const sessionKey = ['session'] as const;

/**
 * Reads the signed-in session (`authEndpoints.session`): account, access type and §6 permission
 * flags. By default "not signed in" is the answer, not an interruption (the route guard
 * redirects); `{ signOut: true }` lets a dead session run the client's sign-out flow instead.
 */
export function fetchSession({ signOut = false }: { signOut?: boolean } = {}): Promise<SessionInfo> {
  const opts: RequestOptions = { noSignOut: !signOut };
  return call(authEndpoints.session, {}, opts);
}

/** The session as the console keeps it (one cache entry, refreshed rarely). */
export function useSessionInfo() {
  return useQuery({ queryKey: sessionKey, queryFn: () => fetchSession(), staleTime: 5 * 60_000 });
}
