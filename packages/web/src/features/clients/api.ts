import { type ClientList, type ClientListQuery, type CommandJob, queryString } from '@netloom/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { clientKeys } from './keys';

// The list queries' numbers arrive typed `unknown` (the schema coerces them from the URL).
type SearchQuery = Parameters<typeof queryString>[0];
const base = (projectId: number) => `/api/projects/${projectId}/clients`;

/** One page of the online client list; `clients.changed` live events refetch it (see keys.ts). */
export function useClientList(projectId: number, query: ClientListQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: clientKeys.list(projectId, query),
    queryFn: () => api.get<ClientList>(`${base(projectId)}${queryString(query as SearchQuery)}`),
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
      api.post<CommandJob>(`${base(projectId)}/${encodeURIComponent(mac)}/kick?deviceId=${deviceId}`),
  });
}
