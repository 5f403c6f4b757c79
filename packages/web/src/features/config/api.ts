/**
 * Hooks of the configuration engine's API (`configEndpoints` in domain): delivery status,
 * history, diff, restore, audit, retry, and the view and save of a settings document at the
 * endpoints its feature gives. Every query key is under `configKeys.all(projectId)`, which the live
 * channel's `config.status` events invalidate, so pending → applied shows without a reload.
 */
import {
  type ConfigKind,
  configEndpoints as E,
  type EndpointInput,
  type EndpointPathParams,
  type EndpointSpec,
  ERR,
  LOADING_STATES,
  type RetryDeliveryResult,
  retryDeliveryResultSchema,
  type saveConfig,
} from '@netloom/domain';
import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, call } from '../../api/client';
import { useLoading } from '../../components/loading';
import { configKeys } from './keys';

/** Delivery state of the project's devices; disabled without a project (id 0). */
export function useConfigStatus(projectId: number) {
  return useQuery({
    queryKey: configKeys.status(projectId),
    queryFn: () => call(E.status, { params: { id: projectId } }),
    enabled: projectId > 0,
  });
}

/**
 * A settings document's view (its feature's `GET` endpoint), keyed in the config family so a
 * delivery or a save elsewhere refreshes it. A device's document waits for its device (`enabled`).
 */
export function useSettingsView<V extends EndpointSpec & { method: 'GET' }>(
  key: QueryKey,
  view: V,
  input: EndpointInput<V>,
  enabled = true,
) {
  return useQuery({ queryKey: key, queryFn: () => call(view, input), enabled });
}

export interface SaveConfigInput<S> {
  baseVersion: number;
  settings: S;
}

/** A settings kind's save endpoint: every kind declares it alike (`saveConfig(schema)` at its view's path). */
export type SaveSettingsEndpoint = Omit<ReturnType<typeof saveConfig>, 'documentedBody'> & EndpointSpec;

/**
 * Saves a settings document through its feature's save endpoint behind the "Saving…" overlay.
 * Errors are `ApiError`s: 414 means another save got in first (the caller reloads the view and
 * shows what changed), 400 carries field issues with dotted paths. Every configuration view
 * refreshes after.
 */
export function useSaveSettings<S, Save extends SaveSettingsEndpoint = SaveSettingsEndpoint>(
  projectId: number,
  save: Save,
  params: EndpointPathParams<Save>,
) {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (input: SaveConfigInput<S>) => {
      // Every save endpoint takes the same body at its own path; the compiler cannot resolve the
      // input type of a generic endpoint, so it is named here (the params were checked by the caller).
      const request = { params, body: input } as unknown as EndpointInput<Save>;
      return run(LOADING_STATES.SAVING, () => call(save, request));
    },
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
    queryFn: () => call(E.revisions, { params: { id: projectId }, query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useConfigRevision(projectId: number, revisionId: number | null) {
  return useQuery({
    queryKey: configKeys.revision(projectId, revisionId),
    queryFn: () => call(E.revision, { params: { id: projectId, revisionId: revisionId ?? 0 } }),
    enabled: revisionId !== null,
  });
}

/** Differences from revision `from` to revision `to` (absent: the current version). */
export function useConfigDiff(projectId: number, from: number | null, to?: number) {
  return useQuery({
    queryKey: configKeys.diff(projectId, from ?? 0, to),
    queryFn: () => call(E.diff, { params: { id: projectId }, query: { from: from ?? 0, to } }),
    enabled: from !== null,
  });
}

export function useRestoreRevision(projectId: number) {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: ({ revisionId, baseVersion }: { revisionId: number; baseVersion: number }) =>
      run(LOADING_STATES.SAVING, () =>
        call(E.restore, { params: { id: projectId, revisionId }, body: { baseVersion } }),
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
    queryFn: () => call(E.audit, { params: { id: projectId }, query }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Sends the current version again to the given devices (`configEndpoints.retry`); a 407 answer
 * resolves with its data (some devices were retried all the same).
 */
export function useRetryDelivery(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deviceIds: number[]): Promise<RetryDeliveryResult> => {
      try {
        return await call(E.retry, { params: { id: projectId }, body: { deviceIds } });
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
