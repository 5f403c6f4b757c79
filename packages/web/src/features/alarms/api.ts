import type {
  AlarmList,
  AlarmListQuery,
  AlarmMarkRead,
  AlarmMarkReadResult,
  AlarmUnread,
} from '@netloom/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';

const base = (projectId: number) => `/api/projects/${projectId}/alarms`;

function toSearch(query: object): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  return params.toString();
}

/** One page of alarms (or events); `alarms.changed` live events refetch it (see api/live.ts). */
export function useAlarmList(projectId: number | null, query: AlarmListQuery) {
  return useQuery({
    enabled: projectId !== null,
    queryKey: [...queryKeys.alarms(projectId ?? 0), 'list', query],
    queryFn: () => api.get<AlarmList>(`${base(projectId ?? 0)}?${toSearch(query)}`),
    placeholderData: keepPreviousData,
  });
}

/** The header bell: unread count and the newest unread alarms. */
export function useAlarmUnread(projectId: number | null) {
  return useQuery({
    enabled: projectId !== null,
    queryKey: [...queryKeys.alarms(projectId ?? 0), 'unread'],
    queryFn: () => api.get<AlarmUnread>(`${base(projectId ?? 0)}/unread`),
  });
}

/** Marks alarms read (ids, or all); every alarm view of the project refetches. */
export function useMarkAlarmsRead(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlarmMarkRead) => api.post<AlarmMarkReadResult>(`${base(projectId)}/read`, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.alarms(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.overview(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectsOverview });
    },
  });
}

/** The CSV download of the filtered alarms (the session cookie authenticates the link). */
export function alarmExportUrl(projectId: number, query: Omit<AlarmListQuery, 'page' | 'pageSize'>): string {
  const search = toSearch(query);
  return `${base(projectId)}/export.csv${search ? `?${search}` : ''}`;
}
