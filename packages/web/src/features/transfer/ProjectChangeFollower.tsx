import { App } from 'antd';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useLiveEvents } from '../../api/live';
import { MENU_PAGES } from '../../navigation/paths';
import { useCurrentProject } from '../../session/session';
import { fetchProject } from '../projects';

/**
 * Mounted once by the console: when the current project changes hands (`project.changed`), this
 * browser re-reads the project and its right at once — the old owner's pages lose their owner
 * actions, or, with no share kept, the console leaves the project for the project list.
 */
export function ProjectChangeFollower() {
  const { project, selectProject, clearProject } = useCurrentProject();
  const { message } = App.useApp();
  const navigate = useNavigate();
  useLiveEvents(project?.id ?? null, () => {
    if (!project) return;
    fetchProject(project.id)
      .then((p) => selectProject(p))
      .catch((e: unknown) => {
        if (!(e instanceof ApiError)) return;
        clearProject();
        message.warning(`"${project.projectName}" was transferred to another account.`);
        void navigate(MENU_PAGES.projectList, { replace: true });
      });
  }, ['project.changed']);
  return null;
}
