import { LIVE_ALL_PROJECTS, type LiveEvent, type LiveEventType } from '@netloom/domain';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  addLiveHandler,
  getLiveStatus,
  type LiveStatus,
  subscribeLiveStatus,
  subscribeProject,
} from './channel';

/** The socket state for an unobtrusive "live" indicator. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeLiveStatus, getLiveStatus, getLiveStatus);
}

/**
 * Calls `handler` for each event of `projectId` (optionally only `types`), and for the events
 * addressed to the account (`account.projects`: they name a project the tab does not follow yet).
 * The handler may change every render; the subscription does not. `null` project: nothing;
 * `LIVE_ALL_PROJECTS`: every project of the account (the data screen).
 */
export function useLiveEvents(
  projectId: number | null,
  handler: (e: LiveEvent) => void,
  types?: LiveEventType[],
): void {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  const typesKey = types ? [...types].sort().join(',') : '';
  useEffect(() => {
    if (projectId === null) return;
    const wanted = typesKey ? new Set(typesKey.split(',')) : null;
    const offHandler = addLiveHandler((e) => {
      const followed = projectId === LIVE_ALL_PROJECTS || e.projectId === projectId;
      if (!followed && e.type !== 'account.projects') return;
      if (wanted && !wanted.has(e.type)) return;
      handlerRef.current(e);
    });
    const release = subscribeProject(projectId);
    return () => {
      offHandler();
      release();
    };
  }, [projectId, typesKey]);
}
