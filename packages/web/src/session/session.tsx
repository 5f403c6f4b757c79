import type { Account, Project, SessionProject } from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { storage } from '../browser/storage';
import { sessionKey } from './sessionApi';

/**
 * Session state of the console: the signed-in account (always loaded inside the console, the
 * route guard sees to that) and the current project, whose client copy lives in session storage
 * (§3) and is never trusted by the server.
 */

interface AccountContextValue {
  account: Account;
  refresh(): Promise<void>;
}
const AccountContext = createContext<AccountContextValue | null>(null);

export function AccountProvider({ account, children }: { account: Account; children: ReactNode }) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: sessionKey, refetchType: 'active' }),
    [queryClient],
  );
  const value = useMemo(() => ({ account, refresh }), [account, refresh]);
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

export function useAccount(): AccountContextValue {
  const ctx = useContext(AccountContext);
  if (!ctx) throw new Error('useAccount must be used inside the console (AccountProvider)');
  return ctx;
}

interface ProjectContextValue {
  project: SessionProject | null;
  /** Makes `p` the current project (session storage + state). Does not navigate. */
  selectProject(p: Project): void;
  clearProject(): void;
}
const ProjectContext = createContext<ProjectContextValue | null>(null);

export function toSessionProject(p: Project): SessionProject {
  return { id: p.id, right: p.right, netMode: p.netMode, projectName: p.name };
}

export function ProjectProvider({ children }: { children: ReactNode }) {
  const [project, setProject] = useState<SessionProject | null>(() => storage.getProject());
  const selectProject = useCallback((p: Project) => {
    const next = toSessionProject(p);
    storage.setProject(next);
    setProject(next);
  }, []);
  const clearProject = useCallback(() => {
    storage.setProject(null);
    setProject(null);
  }, []);
  const value = useMemo(
    () => ({ project, selectProject, clearProject }),
    [project, selectProject, clearProject],
  );
  return <ProjectContext.Provider value={value}>{children}</ProjectContext.Provider>;
}

export function useCurrentProject(): ProjectContextValue {
  const ctx = useContext(ProjectContext);
  if (!ctx) throw new Error('useCurrentProject must be used inside <ProjectProvider>');
  return ctx;
}
