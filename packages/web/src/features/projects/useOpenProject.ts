import type { Project } from '@netloom/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useProjectLanding } from '../../session/menuContext';
import { useCurrentProject } from '../../session/session';

/**
 * Makes a project the current one (session storage, §3) and goes to the first page of its menu,
 * the same way the header's project switcher does.
 */
export function useOpenProject() {
  const projectLanding = useProjectLanding();
  const { selectProject } = useCurrentProject();
  const navigate = useNavigate();
  return useCallback(
    (project: Project) => {
      selectProject(project);
      navigate(projectLanding(project));
    },
    [projectLanding, selectProject, navigate],
  );
}
