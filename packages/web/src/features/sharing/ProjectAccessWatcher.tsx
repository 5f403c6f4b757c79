/**
 * Mounted once by the console: when this account loses the current project — its share revoked, left
 * elsewhere, or expired (§4) — the console lets go of it at once: a message with the catalogue's
 * words, the project list refreshed, back to the list. No reload, no restart. It learns of it from
 * whichever comes first:
 * - the live channel's `member.changed` event;
 * - the live channel refusing the project (the event was sent while the socket was down);
 * - any API call under the project's path answering 73 (not this account's) or 74 (share expired).
 * A changed share refreshes the project (its right) instead.
 */
import { ERR, errorMessage, type LiveEvent } from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { onApiEvent } from '../../api/client';
import { onProjectRefused, useLiveEvents } from '../../api/live';
import { MENU_PAGES } from '../../navigation/paths';
import { useAccount, useCurrentProject } from '../../session/session';
import { fetchProject, projectKeys } from '../projects';

const LOST = new Set(['revoked', 'left', 'expired']);
const LOST_CODES: ReadonlySet<number> = new Set([ERR.PROJECT_INVALID, ERR.PROJECT_EXPIRED]);

export function ProjectAccessWatcher() {
  const { project, clearProject, selectProject } = useCurrentProject();
  const { account } = useAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();

  /** Lets go of the current project once, whatever said it first. */
  const letGo = (code: number) => {
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    message.warning(errorMessage(code));
    clearProject();
    navigate(MENU_PAGES.projectList);
  };
  // The listeners below outlive a render: they reach the latest project and `letGo` through a ref.
  const latest = useRef({ projectId: project?.id ?? null, letGo });
  latest.current = { projectId: project?.id ?? null, letGo };

  useEffect(() => {
    const lost = (projectId: number, code: number) => {
      const now = latest.current;
      if (projectId !== now.projectId || !LOST_CODES.has(code)) return;
      now.projectId = null; // several calls may fail at once: one message, one navigation
      now.letGo(code);
    };
    const offApi = onApiEvent('projectCallFailed', lost);
    const offLive = onProjectRefused(lost);
    return () => {
      offApi();
      offLive();
    };
  }, []);

  useLiveEvents(
    project?.id ?? null,
    (e: LiveEvent) => {
      if (e.type !== 'member.changed' || e.accountId !== account.id) return;
      if (LOST.has(e.reason)) {
        // A failed call may have let go of it already, before this render caught up.
        if (latest.current.projectId === null) return;
        latest.current.projectId = null;
        letGo(e.reason === 'expired' ? ERR.PROJECT_EXPIRED : ERR.PROJECT_INVALID);
      } else {
        void queryClient.invalidateQueries({ queryKey: projectKeys.all });
        if (e.reason === 'changed') fetchProject(e.projectId).then(selectProject, () => undefined);
      }
    },
    ['member.changed'],
  );
  return null;
}
