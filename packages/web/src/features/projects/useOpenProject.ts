import type { Project } from '@netloom/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { projectLanding } from '../../app/menu';
import { useAccount, useCurrentProject } from '../../app/session';

/**
 * Makes a project the current one (session storage, §3) and goes to the first page of its menu,
 * the same way the header's project switcher does.
 */
export function useOpenProject() {
  const { account } = useAccount();
  const { selectProject } = useCurrentProject();
  const navigate = useNavigate();
  return useCallback(
    (project: Project) => {
      selectProject(project);
      navigate(projectLanding(project, account.role));
    },
    [account.role, selectProject, navigate],
  );
}
