import { useCurrentProject } from '../../session/session';
import { useProjects } from './api';

/** Whether the owner locked the current project's configuration (§3 read-only project, 173). */
export function useProjectLocked(): boolean {
  const { project } = useCurrentProject();
  const projects = useProjects();
  return projects.data?.items.find((p) => p.id === project?.id)?.locked === true;
}
