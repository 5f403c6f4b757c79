/** The reboot schedule calls (domain `rebootScheduleEndpoints`) and the devices the form offers. */
import {
  deviceEndpoints,
  rebootScheduleEndpoints as E,
  MAX_DEVICE_PAGE_SIZE,
  type RebootScheduleCreate,
  type RebootScheduleUpdate,
} from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { rebootScheduleKeys } from './keys';

export function useRebootSchedules(projectId: number, enabled = true) {
  return useQuery({
    queryKey: rebootScheduleKeys.list(projectId),
    queryFn: () => call(E.list, { params: { id: projectId } }),
    enabled,
  });
}

/** The project's devices (the first page of the largest size), for the device schedule's picker. */
export function useScheduleDevices(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: rebootScheduleKeys.devices(projectId),
    queryFn: () =>
      call(deviceEndpoints.list, { params: { id: projectId }, query: { pageSize: MAX_DEVICE_PAGE_SIZE } }),
    enabled,
  });
}

export type ScheduleSave =
  | { kind: 'create'; body: RebootScheduleCreate }
  | { kind: 'update'; scheduleId: number; body: RebootScheduleUpdate };

export function useSaveRebootSchedule(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: ScheduleSave) =>
      s.kind === 'create'
        ? call(E.create, { params: { id: projectId }, body: s.body })
        : call(E.update, { params: { id: projectId, scheduleId: s.scheduleId }, body: s.body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: rebootScheduleKeys.list(projectId) }),
  });
}

export function useDeleteRebootSchedule(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (scheduleId: number) => call(E.remove, { params: { id: projectId, scheduleId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: rebootScheduleKeys.list(projectId) }),
  });
}
