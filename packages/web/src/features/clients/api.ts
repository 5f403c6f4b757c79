import { type ClientListQuery, clientEndpoints as E } from '@netloom/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { clientKeys } from './keys';

/** One page of the online client list; `clients.changed` live events refetch it (see keys.ts). */
export function useClientList(projectId: number, query: ClientListQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: clientKeys.list(projectId, query),
    queryFn: () => call(E.list, { params: { id: projectId }, query }),
    // Rows stay on screen while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });
}

export interface KickArgs {
  mac: string;
  deviceId: number;
}

/**
 * Force-offline: creates a `kickClient` command for the client's associated device. The answer is
 * the pending job; the row leaves the list when the device confirms (a `clients.changed` event).
 */
export function useKickClient(projectId: number) {
  return useMutation({
    mutationFn: ({ mac, deviceId }: KickArgs) =>
      call(E.kick, { params: { id: projectId, mac }, query: { deviceId } }),
  });
}
