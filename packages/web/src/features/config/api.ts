/**
 * Hooks of the configuration API (`packages/domain/src/api/config.ts`): settings views, saving with
 * optimistic concurrency (414 when someone saved first), history, diff, restore, audit, route table
 * and PoE reboot. Every query key is under `queryKeys.config(projectId)`, which the live channel's
 * `config.status` events invalidate, so pending → applied shows without a reload.
 */
import type {
  AuditPage,
  BridgeConfigView,
  CommandJob,
  ConfigDiff,
  ConfigKind,
  ConfigRevisionDetail,
  ConfigRevisionPage,
  ConfigSettingsByKind,
  CpeMode,
  CpeSearchResult,
  NetworkConfigView,
  ProjectConfigStatus,
  RouteTable,
  SaveConfigResult,
  SwitchConfigView,
  WirelessConfigView,
} from '@netloom/domain';
import { LOADING_STATES } from '@netloom/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { useLoading } from '../../app/loading';

const base = (projectId: number) => `/api/projects/${projectId}`;

function documentPath(projectId: number, kind: ConfigKind, deviceId?: number): string {
  return deviceId === undefined
    ? `${base(projectId)}/config/${kind}`
    : `${base(projectId)}/devices/${deviceId}/config/${kind}`;
}

function search(query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Delivery state of the project's devices; disabled without a project (id 0). */
export function useConfigStatus(projectId: number) {
  return useQuery({
    queryKey: queryKeys.configStatus(projectId),
    queryFn: () => api.get<ProjectConfigStatus>(`${base(projectId)}/config/status`),
    enabled: projectId > 0,
  });
}

export function useNetworkConfig(projectId: number) {
  return useQuery({
    queryKey: queryKeys.configDocument(projectId, 'network'),
    queryFn: () => api.get<NetworkConfigView>(documentPath(projectId, 'network')),
  });
}

export function useSwitchConfig(projectId: number, deviceId: number | null) {
  return useQuery({
    queryKey: queryKeys.configDocument(projectId, 'switching', deviceId ?? 0),
    queryFn: () => api.get<SwitchConfigView>(documentPath(projectId, 'switching', deviceId ?? 0)),
    enabled: deviceId !== null,
  });
}

export function useWirelessConfig(projectId: number) {
  return useQuery({
    queryKey: queryKeys.configDocument(projectId, 'wireless'),
    queryFn: () => api.get<WirelessConfigView>(documentPath(projectId, 'wireless')),
  });
}

/** A CPE's bridge settings with its live bridge status and latest Wi-Fi search. */
export function useBridgeConfig(projectId: number, deviceId: number | null) {
  return useQuery({
    queryKey: queryKeys.configDocument(projectId, 'bridge', deviceId ?? 0),
    queryFn: () => api.get<BridgeConfigView>(documentPath(projectId, 'bridge', deviceId ?? 0)),
    enabled: deviceId !== null,
  });
}

export interface SaveConfigInput<S> {
  baseVersion: number;
  settings: S;
}

/**
 * Saves a settings document. Errors are `ApiError`s: 414 means another save got in first (the
 * caller reloads the view and shows what changed), 400 carries field issues with dotted paths.
 */
export function useSaveConfig<K extends ConfigKind>(projectId: number, kind: K, deviceId?: number) {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  type Settings = ConfigSettingsByKind[K];
  return useMutation({
    mutationFn: (input: SaveConfigInput<Settings>) =>
      run(LOADING_STATES.SAVING, () =>
        api.put<SaveConfigResult>(documentPath(projectId, kind, deviceId), input),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.config(projectId) }),
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
    queryKey: queryKeys.configRevisions(projectId, query),
    queryFn: () => api.get<ConfigRevisionPage>(`${base(projectId)}/config/revisions${search({ ...query })}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useConfigRevision(projectId: number, revisionId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.config(projectId), 'revision', revisionId],
    queryFn: () => api.get<ConfigRevisionDetail>(`${base(projectId)}/config/revisions/${revisionId}`),
    enabled: revisionId !== null,
  });
}

/** Differences from revision `from` to revision `to` (absent: the current version). */
export function useConfigDiff(projectId: number, from: number | null, to?: number) {
  return useQuery({
    queryKey: queryKeys.configDiff(projectId, from ?? 0, to),
    queryFn: () => api.get<ConfigDiff>(`${base(projectId)}/config/diff${search({ from: from ?? 0, to })}`),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.config(projectId) }),
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
    queryKey: queryKeys.audit(projectId, query),
    queryFn: () => api.get<AuditPage>(`${base(projectId)}/audit${search({ ...query })}`),
    placeholderData: keepPreviousData,
  });
}

/** The gateway's routing table, read live from the device on demand (36 when it is offline). */
export function useRouteTable(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.routeTable(projectId),
    queryFn: () => api.get<RouteTable>(`${base(projectId)}/network/route-table`),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

export function usePoeReboot(projectId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (portId: number) =>
      api.post<CommandJob>(`${base(projectId)}/devices/${deviceId}/ports/${portId}/poe-reboot`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.config(projectId) }),
  });
}

/** Switches a CPE between AP and client mode: a command job (clears the bridge group, restarts). */
export function useCpeMode(projectId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: CpeMode) =>
      api.post<CommandJob>(`${base(projectId)}/devices/${deviceId}/cpe/mode`, { mode }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.config(projectId) }),
  });
}

/**
 * Asks a CPE to search for Wi-Fi networks (up to 30 s). 417 when it hears nothing; the result is
 * also kept as the view's `lastSearch`, which the uplink must come from (418 otherwise).
 */
export function useCpeSearch(projectId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { durationMs?: number } = {}) =>
      api.post<CpeSearchResult>(`${base(projectId)}/devices/${deviceId}/cpe/search`, input),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.configDocument(projectId, 'bridge', deviceId) }),
  });
}
