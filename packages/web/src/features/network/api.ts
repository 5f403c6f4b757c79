import { networkEndpoints as E, type NetworkSettings } from '@netloom/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { configKeys, useSaveSettings, useSettingsView } from '../config';

/** The project's `network` document (WAN, LAN, VLANs, DHCP, routes, port mappings) with its delivery. */
export const networkKeys = {
  view: (projectId: number) => configKeys.document(projectId, 'network'),
  /** The gateway's routing table, in the config family so a delivery refreshes it too. */
  routeTable: (projectId: number) => [...configKeys.all(projectId), 'routeTable'] as const,
};

export function useNetworkConfig(projectId: number) {
  return useSettingsView(networkKeys.view(projectId), E.view, { params: { id: projectId } });
}

/** Saves the `network` document (see `useSaveSettings`: 414 conflict, 400 field issues). */
export function useSaveNetworkConfig(projectId: number) {
  return useSaveSettings<NetworkSettings>(projectId, E.save, { id: projectId });
}

/** The gateway's routing table, read live from the device on demand (36 when it is offline). */
export function useRouteTable(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: networkKeys.routeTable(projectId),
    queryFn: () => call(E.routeTable, { params: { id: projectId } }),
    enabled,
    retry: false,
    staleTime: 0,
  });
}
