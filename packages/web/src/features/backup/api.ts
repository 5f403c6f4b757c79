/**
 * The backup calls (domain `backupEndpoints`). What follows a call — the file arriving, a restore's
 * stages and result — comes over the live channel (`keys.ts`), which refreshes the list.
 */
import {
  type BackupUpdateRequest,
  deviceEndpoints,
  backupEndpoints as E,
  MAX_DEVICE_PAGE_SIZE,
} from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, hrefOf } from '../../api/client';
import { backupKeys } from './keys';

export function useBackups(projectId: number) {
  return useQuery({
    queryKey: backupKeys.list(projectId),
    queryFn: () => call(E.list, { params: { id: projectId } }),
  });
}

/**
 * The project's devices the dialogs choose from (at most a page of the device list, by name; of
 * one model for a restore). Asked here rather than through the devices feature, whose drawer uses
 * this feature's "Back up now" item (no import cycle); fetched afresh each time a dialog opens.
 */
export function useBackupDevices(projectId: number, model?: string) {
  const query = {
    pageSize: MAX_DEVICE_PAGE_SIZE,
    sort: 'name',
    order: 'asc',
    ...(model ? { model } : {}),
  } as const;
  return useQuery({
    queryKey: backupKeys.devices(projectId, model ?? null),
    queryFn: () => call(deviceEndpoints.list, { params: { id: projectId }, query }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useBackupSettings(projectId: number) {
  return useQuery({
    queryKey: backupKeys.settings(projectId),
    queryFn: () => call(E.settings, { params: { id: projectId } }),
  });
}

export function useSaveBackupSettings(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoAfterChange: boolean) =>
      call(E.saveSettings, { params: { id: projectId }, body: { autoAfterChange } }),
    onSuccess: (data) => queryClient.setQueryData(backupKeys.settings(projectId), data),
  });
}

/** The download link of a backup's file. */
export function backupFileHref(projectId: number, backupId: number): string {
  return hrefOf(E.file, { params: { id: projectId, backupId } });
}

export function useBackupActions(projectId: number) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: backupKeys.list(projectId) });
  return {
    create: useMutation({
      mutationFn: (deviceIds: number[]) => call(E.create, { params: { id: projectId }, body: { deviceIds } }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: (p: { id: number; body: BackupUpdateRequest }) =>
        call(E.update, { params: { id: projectId, backupId: p.id }, body: p.body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(E.remove, { params: { id: projectId, backupId: id } }),
      onSettled,
    }),
    restore: useMutation({
      mutationFn: (p: { id: number; deviceId?: number | undefined }) =>
        call(E.restore, {
          params: { id: projectId, backupId: p.id },
          body: p.deviceId === undefined ? {} : { deviceId: p.deviceId },
        }),
      onSettled,
    }),
  };
}
