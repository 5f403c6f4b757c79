import { useEffect } from 'react';
import { onApiEvent } from '../api/client';
import { useEndSession } from '../session/useEndSession';

/**
 * What the app does with the API client's events, wherever the call came from: a session that
 * ended (70 / 401) signs out with its reason; the demo code (405) shows the §6 "Got it" modal,
 * whose code loads on first use (it stays off the sign-in route).
 */
export function useApiEventHandlers(): void {
  const endSession = useEndSession();
  useEffect(() => onApiEvent('sessionEnded', endSession), [endSession]);
  useEffect(
    () =>
      onApiEvent('demoBlocked', () => {
        void import('../features/demo').then((demo) => demo.showDemoBlocked());
      }),
    [],
  );
}
