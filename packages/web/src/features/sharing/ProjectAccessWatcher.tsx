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
const LOST_NOTICE_SECONDS = 10;

export function ProjectAccessWatcher() {
  const { project, clearProject, selectProject } = useCurrentProject();
  const { account } = useAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();

  const current = project?.id ?? null;
  /**
   * The project being let go of: whichever path says it first wins, the others come too late. It
   * holds until the render without that project (the same project, shared again, can be lost again).
   */
  const gone = useRef<number | null>(null);
  if (gone.current !== current) gone.current = null;
  /** Lets go of the current project once (73 or 74 about it, by whatever path). */
  const lose = (projectId: number, code: number) => {
    if (projectId !== current || gone.current === projectId || !LOST_CODES.has(code)) return;
    gone.current = projectId;
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    // Longer than a routine notice: the console just took the page away, and the person may be
    // looking elsewhere when it happens (a share expiring in an open console).
    message.warning({ content: errorMessage(code), duration: LOST_NOTICE_SECONDS });
    clearProject();
    navigate(MENU_PAGES.projectList);
  };
  // The client's and the channel's listeners outlive a render: they call the latest `lose`.
  const latest = useRef(lose);
  latest.current = lose;

  useEffect(() => {
    const lost = (projectId: number, code: number) => latest.current(projectId, code);
    const offApi = onApiEvent('projectCallFailed', lost);
    const offLive = onProjectRefused(lost);
    return () => {
      offApi();
      offLive();
    };
  }, []);

  useLiveEvents(
    current,
    (e: LiveEvent) => {
      if (e.type !== 'member.changed' || e.accountId !== account.id) return;
      if (LOST.has(e.reason)) {
        lose(e.projectId, e.reason === 'expired' ? ERR.PROJECT_EXPIRED : ERR.PROJECT_INVALID);
      } else {
        void queryClient.invalidateQueries({ queryKey: projectKeys.all });
        if (e.reason === 'changed') fetchProject(e.projectId).then(selectProject, () => undefined);
      }
    },
    ['member.changed'],
  );
  return null;
}
