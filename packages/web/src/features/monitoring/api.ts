import type { ClientData, DeviceData, NetworkStatus, ProjectOverview, TimeRange } from '@netloom/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { monitoringKeys } from './keys';

/**
 * Monitoring queries of one project. Keys extend the families of `keys.ts`, whose live
 * invalidations (`telemetry.tick`, `device.status`) refresh them in place.
 */
const base = (projectId: number) => `/api/projects/${projectId}`;

export function useProjectOverview(projectId: number) {
  return useQuery({
    queryKey: monitoringKeys.overview(projectId),
    queryFn: () => api.get<ProjectOverview>(`${base(projectId)}/overview`),
  });
}

export function useNetworkStatus(projectId: number, range: TimeRange, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...monitoringKeys.status(projectId), range],
    queryFn: () => api.get<NetworkStatus>(`${base(projectId)}/status?range=${range}`),
    // Keep the old range on screen while the new one loads: charts morph instead of flashing.
    placeholderData: keepPreviousData,
  });
}

export function useDeviceData(projectId: number) {
  return useQuery({
    queryKey: monitoringKeys.deviceData(projectId),
    queryFn: () => api.get<DeviceData>(`${base(projectId)}/device-data`),
  });
}

export function useClientData(projectId: number, range: TimeRange, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...monitoringKeys.clientData(projectId), range],
    queryFn: () => api.get<ClientData>(`${base(projectId)}/client-data?range=${range}`),
    placeholderData: keepPreviousData,
  });
}
