import type { RfRun, RfView } from '@netloom/domain';
import { useEffect, useRef } from 'react';

/**
 * Which run just ended, given the previously watched run id and the current view: the watched run
 * once it appears among the records (it may leave `running` a moment before the records show it).
 */
export function endedRun(watching: number | null, view: Pick<RfView, 'running' | 'records'>): RfRun | null {
  if (watching === null || view.running?.id === watching) return null;
  return view.records.find((r) => r.id === watching) ?? null;
}

/**
 * Calls `onEnded` once for each run seen running on this page that then finished (live event or
 * poll, whichever comes first), so the page can show its success or failure message.
 */
export function useRunEnded(view: RfView | undefined, onEnded: (run: RfRun) => void): void {
  const watching = useRef<number | null>(null);
  const callback = useRef(onEnded);
  callback.current = onEnded;
  useEffect(() => {
    if (!view) return;
    const ended = endedRun(watching.current, view);
    if (ended) {
      watching.current = null;
      callback.current(ended);
    }
    if (view.running) watching.current = view.running.id;
  }, [view]);
}
