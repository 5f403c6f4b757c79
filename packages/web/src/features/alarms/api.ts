import { type AlarmListQuery, type AlarmMarkRead, alarmEndpoints as E } from '@netloom/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, hrefOf } from '../../api/client';
import { monitoringKeys } from '../monitoring';
import { projectKeys } from '../projects';
import { alarmKeys } from './keys';

/** One page of alarms (or events); `alarms.changed` live events refetch it (see keys.ts). */
export function useAlarmList(projectId: number | null, query: AlarmListQuery) {
  return useQuery({
    enabled: projectId !== null,
    queryKey: alarmKeys.list(projectId ?? 0, query),
    queryFn: () => call(E.list, { params: { id: projectId ?? 0 }, query }),
    placeholderData: keepPreviousData,
  });
}

/** The header bell: unread count and the newest unread alarms. */
export function useAlarmUnread(projectId: number | null) {
  return useQuery({
    enabled: projectId !== null,
    queryKey: alarmKeys.unread(projectId ?? 0),
    queryFn: () => call(E.unread, { params: { id: projectId ?? 0 } }),
  });
}

/** Marks alarms read (ids, or all); every alarm view of the project refetches. */
export function useMarkAlarmsRead(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlarmMarkRead) => call(E.markRead, { params: { id: projectId }, body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: alarmKeys.all(projectId) });
      // The unread KPIs of the project's overview and of the account-wide overview.
      void queryClient.invalidateQueries({ queryKey: monitoringKeys.overview(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.overview });
    },
  });
}

/** The CSV download of the filtered alarms (the session cookie authenticates the link). */
export function alarmExportUrl(projectId: number, query: Omit<AlarmListQuery, 'page' | 'pageSize'>): string {
  return hrefOf(E.exportCsv, { params: { id: projectId }, query });
}
