import type { Account } from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys';
import { useCurrentProject } from '../../app/session';
import { storage } from '../../app/storage';

/** How the last sign-in account is remembered: the e-mail, or "+<prefix> <number>". */
export function formatLastAccount(v: { email: string } | { countryCode: string; mobile: string }): string {
  return 'email' in v ? v.email : `+${v.countryCode} ${v.mobile}`;
}
export function parseLastAccount(
  s: string | null,
): { email: string } | { countryCode: string; mobile: string } | null {
  if (!s) return null;
  const m = /^\+(\d{1,4}) (\d+)$/.exec(s);
  if (m?.[1] && m[2]) return { countryCode: m[1], mobile: m[2] };
  return s.includes('@') ? { email: s } : null;
}

/** Only same-origin console paths are followed after sign-in (no open redirect). */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : '/';
}

/** After a successful sign-in: remember the account (§3), seed the session cache, enter the console. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { clearProject } = useCurrentProject();
  return useCallback(
    (account: Account, lastAccount: string, token?: string) => {
      storage.setLastAccount(lastAccount);
      storage.setLastNick(account.nick);
      storage.setAccessType('web');
      if (token) storage.setToken(token);
      // A project kept from an earlier session may belong to another account.
      clearProject();
      queryClient.setQueryData(queryKeys.session, { account });
      navigate(safeNext(params.get('next')), { replace: true });
    },
    [queryClient, navigate, params, clearProject],
  );
}
