/**
 * Mounted once by the console: when this account loses the current project — its share revoked, left
 * elsewhere, or expired (§4) — the live channel says so (`member.changed`) and the console lets go of
 * it at once: a message with the catalogue's words, the project list refreshed, back to the list. A
 * changed share refreshes the project (its right) instead. No reload, no restart.
 */
import { ERR, errorMessage, type LiveEvent } from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { useLiveEvents } from '../../api/live';
import { MENU_PAGES } from '../../navigation/paths';
import { useAccount, useCurrentProject } from '../../session/session';
import { fetchProject, projectKeys } from '../projects';

const LOST = new Set(['revoked', 'left', 'expired']);

export function ProjectAccessWatcher() {
  const { project, clearProject, selectProject } = useCurrentProject();
  const { account } = useAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();

  useLiveEvents(
    project?.id ?? null,
    (e: LiveEvent) => {
      if (e.type !== 'member.changed' || e.accountId !== account.id) return;
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      if (LOST.has(e.reason)) {
        message.warning(errorMessage(e.reason === 'expired' ? ERR.PROJECT_EXPIRED : ERR.PROJECT_INVALID));
        clearProject();
        navigate(MENU_PAGES.projectList);
      } else if (e.reason === 'changed') {
        fetchProject(e.projectId).then(selectProject, () => undefined);
      }
    },
    ['member.changed'],
  );
  return null;
}
