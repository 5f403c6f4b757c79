import {
  runlogEndpoints as E,
  type LogRetentionDays,
  type RunlogFilter,
  type RunlogQuery,
} from '@netloom/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, hrefOf } from '../../api/client';
import { runlogKeys } from './keys';

/** Entries arrive from devices without anyone acting here: the open log looks again this often. */
const LOG_POLL_MS = 10_000;

/** One page of the system log, newest first. */
export function useRunlog(projectId: number | null, query: RunlogQuery) {
  return useQuery({
    enabled: projectId !== null,
    queryKey: runlogKeys.list(projectId ?? 0, query),
    queryFn: () => call(E.list, { params: { id: projectId ?? 0 }, query }),
    placeholderData: keepPreviousData,
    refetchInterval: LOG_POLL_MS,
  });
}

/** The accounts the log names (the user filter). */
export function useRunlogAccounts(projectId: number | null) {
  return useQuery({
    enabled: projectId !== null,
    queryKey: runlogKeys.accounts(projectId ?? 0),
    queryFn: () => call(E.accounts, { params: { id: projectId ?? 0 } }),
  });
}

/** The project's log retention and whether this member may change it. */
export function useRunlogSettings(projectId: number | null) {
  return useQuery({
    enabled: projectId !== null,
    queryKey: runlogKeys.settings(projectId ?? 0),
    queryFn: () => call(E.settings, { params: { id: projectId ?? 0 } }),
  });
}

/** Chooses the retention (owner only). */
export function useSaveRunlogRetention(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (retentionDays: LogRetentionDays) =>
      call(E.saveSettings, { params: { id: projectId }, body: { retentionDays } }),
    onSuccess: (data) => queryClient.setQueryData(runlogKeys.settings(projectId), data),
  });
}

/** The CSV download of the filtered log (the session cookie authenticates the link). */
export function runlogExportUrl(projectId: number, filter: RunlogFilter): string {
  return hrefOf(E.exportCsv, { params: { id: projectId }, query: filter });
}
