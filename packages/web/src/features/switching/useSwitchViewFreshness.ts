import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLiveEvents } from '../../api/live';
import { switchViewKey } from './api';

/** While the switch has not applied the newest version yet, its view is asked for this often. */
const PENDING_REFETCH_MS = 4_000;

/**
 * Keeps a switch's port view fresh: the view (under the config key family) is refetched when the
 * device reports new state or changes status, so link lights, PoE draw and the PoE budget follow
 * the device; and every few seconds while a saved version is pending, so a PoE change shows as
 * soon as it is applied even if an event was missed.
 */
export function useSwitchViewFreshness(projectId: number, deviceId: number, pending: boolean): void {
  const queryClient = useQueryClient();

  useLiveEvents(
    projectId,
    (e) => {
      if ((e.type === 'device.updated' || e.type === 'device.status') && e.deviceId === deviceId) {
        void queryClient.invalidateQueries({ queryKey: switchViewKey(projectId, deviceId) });
      }
    },
    ['device.updated', 'device.status'],
  );

  useEffect(() => {
    if (!pending) return;
    const queryKey = switchViewKey(projectId, deviceId);
    const t = setInterval(() => void queryClient.invalidateQueries({ queryKey }), PENDING_REFETCH_MS);
    return () => clearInterval(t);
  }, [pending, projectId, deviceId, queryClient]);
}
