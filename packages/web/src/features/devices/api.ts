import {
  type Device,
  type DeviceAddRequest,
  type DeviceClaimRequest,
  type DeviceDetail,
  type DeviceList,
  type DeviceListQuery,
  type DeviceUpdate,
  deviceDisplayStatus,
  deviceImportEndpoints,
  deviceEndpoints as E,
  LOADING_STATES,
  monitoringEndpoints,
  pendingDeviceEndpoints,
  type TimeRange,
} from '@netloom/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, hrefOf } from '../../api/client';
import { useLoading } from '../../components/loading';
import { projectKeys } from '../projects';
import { deviceKeys } from './keys';

/** The Excel template of the device import (a download; no project). */
export const DEVICE_IMPORT_TEMPLATE_URL = hrefOf(deviceImportEndpoints.template, {});

export function useDeviceTypes(projectId: number) {
  return useQuery({
    queryKey: deviceKeys.types(projectId),
    queryFn: () => call(E.typeCounts, { params: { id: projectId } }),
  });
}

export function useDeviceList(projectId: number, query: DeviceListQuery) {
  return useQuery({
    queryKey: deviceKeys.list(projectId, query),
    queryFn: () => call(E.list, { params: { id: projectId }, query }),
    // Keep the rows on screen while a new page, sort or filter loads (no flash of skeleton).
    placeholderData: keepPreviousData,
  });
}

export function useDevice(projectId: number, deviceId: number | null) {
  return useQuery({
    queryKey: deviceKeys.detail(projectId, deviceId ?? 0),
    queryFn: () => call(E.get, { params: { id: projectId, deviceId: deviceId ?? 0 } }),
    enabled: deviceId !== null,
  });
}

export function useDeviceTelemetry(projectId: number, deviceId: number, range: TimeRange) {
  return useQuery({
    queryKey: deviceKeys.telemetry(projectId, deviceId, range),
    queryFn: () =>
      call(monitoringEndpoints.deviceTelemetry, { params: { id: projectId, deviceId }, query: { range } }),
    placeholderData: keepPreviousData,
  });
}

export function usePendingCount(projectId: number | null) {
  return useQuery({
    queryKey: deviceKeys.pendingCount(projectId ?? 0),
    queryFn: () => call(pendingDeviceEndpoints.count, { params: { id: projectId ?? 0 } }),
    enabled: projectId !== null,
  });
}

export function usePendingDevices(projectId: number, enabled = true) {
  return useQuery({
    queryKey: [...deviceKeys.pending(projectId), 'list'],
    queryFn: () => call(pendingDeviceEndpoints.list, { params: { id: projectId } }),
    enabled,
  });
}

/** After a device joins or leaves the project, every device view and count is stale. */
function useInvalidateDevices(projectId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: deviceKeys.all(projectId) }),
      queryClient.invalidateQueries({ queryKey: deviceKeys.pending(projectId) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    ]);
}

export function useAddDevice(projectId: number) {
  const invalidate = useInvalidateDevices(projectId);
  return useMutation({
    mutationFn: (body: DeviceAddRequest) => call(E.add, { params: { id: projectId }, body }),
    onSuccess: () => invalidate(),
  });
}

export function useImportDevices(projectId: number) {
  const invalidate = useInvalidateDevices(projectId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(deviceImportEndpoints.import, { params: { id: projectId }, body: form });
    },
    onSuccess: () => invalidate(),
  });
}

export function useClaimDevice(projectId: number) {
  const invalidate = useInvalidateDevices(projectId);
  return useMutation({
    mutationFn: ({ sn, body }: { sn: string; body: DeviceClaimRequest }) =>
      call(pendingDeviceEndpoints.claim, { params: { id: projectId, sn }, body }),
    onSettled: () => invalidate(),
  });
}

export function useDismissDevice(projectId: number) {
  const invalidate = useInvalidateDevices(projectId);
  return useMutation({
    mutationFn: (sn: string) => call(pendingDeviceEndpoints.dismiss, { params: { id: projectId, sn } }),
    onSettled: () => invalidate(),
  });
}

export function useUpdateDevice(projectId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: DeviceUpdate) => call(E.update, { params: { id: projectId, deviceId }, body: patch }),
    onSuccess: (detail) => {
      queryClient.setQueryData(deviceKeys.detail(projectId, deviceId), detail);
      void queryClient.invalidateQueries({ queryKey: deviceKeys.lists(projectId) });
    },
  });
}

export interface DeleteOutcome {
  deleted: number;
  failed: { device: Pick<Device, 'id' | 'name'>; error: unknown }[];
}

/** Deletes devices one by one (the API has no bulk delete) behind the "Saving…" overlay. */
export function useDeleteDevices(projectId: number) {
  const invalidate = useInvalidateDevices(projectId);
  const { run } = useLoading();
  return useMutation({
    mutationFn: (devices: Pick<Device, 'id' | 'name'>[]) =>
      run(LOADING_STATES.SAVING, async (): Promise<DeleteOutcome> => {
        const outcome: DeleteOutcome = { deleted: 0, failed: [] };
        for (const device of devices) {
          try {
            await call(E.delete, { params: { id: projectId, deviceId: device.id } });
            outcome.deleted++;
          } catch (error) {
            outcome.failed.push({ device, error });
          }
        }
        return outcome;
      }),
    onSettled: () => invalidate(),
  });
}

/**
 * Applies a `device.status` event to every cached list row and detail at once, so the tag changes
 * in place before the coalesced refetch lands.
 */
export function applyDeviceStatus(
  queryClient: ReturnType<typeof useQueryClient>,
  projectId: number,
  deviceId: number,
  status: number,
): void {
  const displayStatus = deviceDisplayStatus(status).key;
  queryClient.setQueriesData<DeviceList>({ queryKey: deviceKeys.lists(projectId) }, (old) =>
    old
      ? {
          ...old,
          items: old.items.map((d) => (d.id === deviceId ? { ...d, status, displayStatus } : d)),
        }
      : old,
  );
  queryClient.setQueryData<DeviceDetail>(deviceKeys.detail(projectId, deviceId), (old) =>
    old ? { ...old, status, displayStatus } : old,
  );
}
