/**
 * Hooks of the configuration engine's API (`packages/domain/src/api/config.ts`): delivery status,
 * history, diff, restore, audit, retry, and the save of a settings document at the address its
 * feature gives. Every query key is under `configKeys.all(projectId)`, which the live channel's
 * `config.status` events invalidate, so pending → applied shows without a reload.
 */
import type {
  AuditPage,
  ConfigDiff,
  ConfigKind,
  ConfigRevisionDetail,
  ConfigRevisionPage,
  ProjectConfigStatus,
  RetryDeliveryResult,
  SaveConfigResult,
} from '@netloom/domain';
import { ERR, LOADING_STATES, queryString, retryDeliveryResultSchema } from '@netloom/domain';
import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, api } from '../../api/client';
import { useLoading } from '../../components/loading';
import { configKeys } from './keys';

const base = (projectId: number) => `/api/projects/${projectId}`;

/** Delivery state of the project's devices; disabled without a project (id 0). */
export function useConfigStatus(projectId: number) {
  return useQuery({
    queryKey: configKeys.status(projectId),
    queryFn: () => api.get<ProjectConfigStatus>(`${base(projectId)}/config/status`),
    enabled: projectId > 0,
  });
}

/**
 * A settings document's view at `url` (its feature's address), keyed in the config family so a
 * delivery or a save elsewhere refreshes it. A device's document waits for its device (`enabled`).
 */
export function useSettingsView<V>(key: QueryKey, url: string, enabled = true) {
  return useQuery({ queryKey: key, queryFn: () => api.get<V>(url), enabled });
}

export interface SaveConfigInput<S> {
  baseVersion: number;
  settings: S;
}

/**
 * Saves a settings document at `url` (its feature's address) behind the "Saving…" overlay. Errors
 * are `ApiError`s: 414 means another save got in first (the caller reloads the view and shows what
 * changed), 400 carries field issues with dotted paths. Every configuration view refreshes after.
 */
export function useSaveSettings<S>(projectId: number, url: string) {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (input: SaveConfigInput<S>) =>
      run(LOADING_STATES.SAVING, () => api.put<SaveConfigResult>(url, input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configKeys.all(projectId) }),
  });
}

export interface RevisionQuery {
  kind?: ConfigKind;
  deviceId?: number;
  /** With deviceId: also the project-wide documents' versions. */
  withProject?: boolean;
  page?: number;
  pageSize?: number;
}

export function useConfigRevisions(projectId: number, query: RevisionQuery, enabled = true) {
  return useQuery({
    queryKey: configKeys.revisions(projectId, query),
    queryFn: () =>
      api.get<ConfigRevisionPage>(`${base(projectId)}/config/revisions${queryString({ ...query })}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useConfigRevision(projectId: number, revisionId: number | null) {
  return useQuery({
    queryKey: configKeys.revision(projectId, revisionId),
    queryFn: () => api.get<ConfigRevisionDetail>(`${base(projectId)}/config/revisions/${revisionId}`),
    enabled: revisionId !== null,
  });
}

/** Differences from revision `from` to revision `to` (absent: the current version). */
export function useConfigDiff(projectId: number, from: number | null, to?: number) {
  return useQuery({
    queryKey: configKeys.diff(projectId, from ?? 0, to),
    queryFn: () =>
      api.get<ConfigDiff>(`${base(projectId)}/config/diff${queryString({ from: from ?? 0, to })}`),
    enabled: from !== null,
  });
}

export function useRestoreRevision(projectId: number) {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: ({ revisionId, baseVersion }: { revisionId: number; baseVersion: number }) =>
      run(LOADING_STATES.SAVING, () =>
        api.post<SaveConfigResult>(`${base(projectId)}/config/revisions/${revisionId}/restore`, {
          baseVersion,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configKeys.all(projectId) }),
  });
}

export interface AuditQuery {
  deviceId?: number | undefined;
  /** With deviceId: also the project-wide changes. */
  withProject?: boolean;
  page?: number;
  pageSize?: number;
}

export function useAudit(projectId: number, query: AuditQuery) {
  return useQuery({
    queryKey: configKeys.audit(projectId, query),
    queryFn: () => api.get<AuditPage>(`${base(projectId)}/audit${queryString({ ...query })}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * Sends the current version again to the given devices (`POST …/config/retry`); a 407 answer
 * resolves with its data (some devices were retried all the same).
 */
export function useRetryDelivery(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deviceIds: number[]): Promise<RetryDeliveryResult> => {
      try {
        return await api.post<RetryDeliveryResult>(`${base(projectId)}/config/retry`, { deviceIds });
      } catch (e) {
        const data = e instanceof ApiError && e.code === ERR.SOME_DEVICES_OFFLINE ? e.data : undefined;
        const parsed = retryDeliveryResultSchema.safeParse(data);
        if (parsed.success) return parsed.data;
        throw e;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: configKeys.all(projectId) }),
  });
}
