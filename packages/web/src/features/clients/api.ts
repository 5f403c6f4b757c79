import { type ClientListQuery, clientEndpoints as E } from '@netloom/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** The client panel: where the client is now, its alias and its recent days (refetched live with the list). */
export function useClientDetail(projectId: number, mac: string | null) {
  return useQuery({
    enabled: mac !== null,
    queryKey: clientKeys.detail(projectId, mac ?? ''),
    queryFn: () => call(E.detail, { params: { id: projectId, mac: mac ?? '' } }),
  });
}

/** Sets (or with null removes) a client's alias; every list and panel of the project refetches. */
export function useSetClientAlias(projectId: number, mac: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alias: string | null) => call(E.alias, { params: { id: projectId, mac }, body: { alias } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all(projectId) }),
  });
}
