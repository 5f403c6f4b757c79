import { monitoringEndpoints as E, type TimeRange } from '@netloom/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { monitoringKeys } from './keys';

/**
 * Monitoring queries of one project. Keys extend the families of `keys.ts`, whose live
 * invalidations (`telemetry.tick`, `device.status`) refresh them in place.
 */
export function useProjectOverview(projectId: number) {
  return useQuery({
    queryKey: monitoringKeys.overview(projectId),
    queryFn: () => call(E.overview, { params: { id: projectId } }),
  });
}

export function useNetworkStatus(projectId: number, range: TimeRange, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...monitoringKeys.status(projectId), range],
    queryFn: () => call(E.status, { params: { id: projectId }, query: { range } }),
    // Keep the old range on screen while the new one loads: charts morph instead of flashing.
    placeholderData: keepPreviousData,
  });
}

export function useDeviceData(projectId: number) {
  return useQuery({
    queryKey: monitoringKeys.deviceData(projectId),
    queryFn: () => call(E.deviceData, { params: { id: projectId } }),
  });
}

export function useClientData(projectId: number, range: TimeRange, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...monitoringKeys.clientData(projectId), range],
    queryFn: () => call(E.clientData, { params: { id: projectId }, query: { range } }),
    placeholderData: keepPreviousData,
  });
}
