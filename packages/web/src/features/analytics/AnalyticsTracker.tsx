import { ANALYTICS_CHECK_MS } from '@netloom/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAccount, useCurrentProject } from '../../session/session';
import { flushEvents, queueFor, trackEvent } from './tracker';

/**
 * Mounted once by the console layout: the account's analytics queue checked every
 * `ANALYTICS_CHECK_MS` (§4), flushed when the tab is hidden; records page views and project
 * switches. Other key actions call `trackEvent`.
 */
export function AnalyticsTracker() {
  const { account } = useAccount();
  const { pathname } = useLocation();
  const { project } = useCurrentProject();
  const projectId = project?.id ?? null;

  useEffect(() => {
    const queue = queueFor(account.id);
    const timer = setInterval(() => void queue.tick(), ANALYTICS_CHECK_MS);
    const onHide = () => {
      if (document.visibilityState === 'hidden') flushEvents();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [account.id]);

  useEffect(() => {
    queueFor(account.id);
    trackEvent('page_view', {}, '', pathname);
  }, [account.id, pathname]);

  useEffect(() => {
    if (projectId !== null) trackEvent('project_open', { projectId });
  }, [projectId]);

  return null;
}
