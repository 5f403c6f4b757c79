import type { AccessType, LoginResponse, SessionInfo } from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { storage } from '../../browser/storage';
import { PAGES } from '../../navigation/paths';
import { useCurrentProject } from '../../session/session';
import { sessionKey } from '../../session/sessionApi';

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

/**
 * The access type a sign-in page asks for: `?access=openapi` (or `app`) is the embedded console
 * that apps open (§1, §2: fewer pages, bearer token in session storage); anything else is web.
 */
export function requestedAccess(params: URLSearchParams): AccessType {
  const v = params.get('access');
  return v === 'openapi' || v === 'app' ? v : 'web';
}

/** Only same-origin console paths are followed after sign-in (no open redirect). */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith(PAGES.login) ? next : '/';
}

/**
 * After a successful sign-in: remember the account (§3), keep the access type and — for the
 * embedded (openapi/app) console — the bearer token in session storage (§6), seed the session
 * cache, enter the console. The embedded console has no project list or overview (§2), so it opens
 * the project named by `?project=<id>`, else the most recently changed one, on its first page.
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { clearProject, selectProject } = useCurrentProject();
  return useCallback(
    async (res: LoginResponse, lastAccount: string) => {
      storage.setLastAccount(lastAccount);
      storage.setLastNick(res.account.nick);
      storage.setAccessType(res.access);
      // A web session lives in the httpOnly cookie: drop any token an earlier embedded session left.
      storage.setToken(res.access === 'web' ? null : (res.token ?? null));
      // A project kept from an earlier session may belong to another account.
      clearProject();
      const session: SessionInfo = { account: res.account, access: res.access, permissions: res.permissions };
      queryClient.setQueryData(sessionKey, session);
      if (res.access === 'web') {
        navigate(safeNext(params.get('next')), { replace: true });
        return;
      }
      // The project list and the menu are the console's: loaded only now, keeping the sign-in route light.
      const [{ items }, { projectLanding }] = await Promise.all([
        import('../projects').then((projects) => projects.fetchProjects()),
        import('../../session/menuContext'),
      ]);
      const wanted = Number(params.get('project'));
      const project = items.find((p) => p.id === wanted) ?? items[0];
      if (!project) {
        navigate('/', { replace: true });
        return;
      }
      selectProject(project);
      navigate(projectLanding(project, { ...session, role: res.account.role }), { replace: true });
    },
    [queryClient, navigate, params, clearProject, selectProject],
  );
}
