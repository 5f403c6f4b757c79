/**
 * The firmware calls (domain `firmwareEndpoints`): the project's files and catalogue, uploads,
 * upgrades of one device or a selection, and each device's latest upgrade — kept live from
 * `command.updated` (name `upgrade`) by `useUpgradeTracking`, mounted once by the page.
 */
import {
  type CommandJob,
  firmwareEndpoints as E,
  type FirmwareFile,
  type FirmwareList,
  LOADING_STATES,
  type UpgradeBatchResult,
  type UpgradeStatus,
  upgradeStageOf,
} from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../api/client';
import { type LiveInvalidations, useLiveEvents } from '../../api/live';
import { useLoading } from '../../components/loading';

export const firmwareKeys = {
  all: (projectId: number) => ['firmware', projectId] as const,
  list: (projectId: number) => ['firmware', projectId, 'list'] as const,
  upgrades: (projectId: number) => ['firmware', projectId, 'upgrades'] as const,
};

/**
 * What live events make stale: a finished upgrade refetches the upgrades (the tracking hook patches
 * them while one runs); after a reconnect, the files and upgrades are read again.
 */
export const firmwareLive: LiveInvalidations = {
  events: {
    'command.updated': (e) =>
      e.name === 'upgrade' && (e.status === 'done' || e.status === 'failed' || e.status === 'expired')
        ? [firmwareKeys.upgrades(e.projectId)]
        : [],
  },
  resync: (projectId) => [firmwareKeys.all(projectId)],
};

export function useFirmwareList(projectId: number) {
  return useQuery({
    queryKey: firmwareKeys.list(projectId),
    queryFn: () => call(E.list, { params: { id: projectId } }),
    staleTime: 60_000,
    enabled: projectId > 0,
  });
}

/** The catalogue: model → its latest firmware file (empty while loading). */
export function useFirmwareCatalogue(projectId: number): ReadonlyMap<string, FirmwareFile> {
  const { data } = useFirmwareList(projectId);
  return useMemo(() => catalogueOf(data), [data]);
}

function catalogueOf(data: FirmwareList | undefined): ReadonlyMap<string, FirmwareFile> {
  return new Map((data?.catalogue ?? []).map((c) => [c.model, c.latest]));
}

export function useUploadFirmware(projectId: number) {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (u: { file: File; model: string; version: string; notes: string }) => {
      const body = new FormData();
      body.append('model', u.model);
      body.append('version', u.version);
      body.append('notes', u.notes);
      body.append('file', u.file);
      return run(LOADING_STATES.UPLOADING, () => call(E.upload, { params: { id: projectId }, body }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmwareKeys.list(projectId) }),
  });
}

export function useDeleteFirmware(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (firmwareId: number) => call(E.remove, { params: { id: projectId, firmwareId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmwareKeys.list(projectId) }),
  });
}

/** One device: its job (or an ApiError with the refusal); several: a result per device. */
export type UpgradeAnswer = { kind: 'one'; job: CommandJob } | { kind: 'batch'; result: UpgradeBatchResult };

export function useRunUpgrade(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      deviceIds,
      firmwareId,
    }: {
      deviceIds: number[];
      firmwareId?: number | undefined;
    }): Promise<UpgradeAnswer> => {
      const body = firmwareId !== undefined ? { firmwareId } : {};
      const [only] = deviceIds;
      if (deviceIds.length === 1 && only !== undefined) {
        const job = await call(E.upgrade, { params: { id: projectId, deviceId: only }, body });
        return { kind: 'one', job };
      }
      const result = await call(E.upgradeBatch, { params: { id: projectId }, body: { ...body, deviceIds } });
      return { kind: 'batch', result };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmwareKeys.upgrades(projectId) }),
  });
}

/** Each device's latest upgrade (device id → status). */
export function useUpgradeStatuses(projectId: number): ReadonlyMap<number, UpgradeStatus> {
  const { data } = useQuery({
    queryKey: firmwareKeys.upgrades(projectId),
    queryFn: () => call(E.upgrades, { params: { id: projectId } }),
    staleTime: 30_000,
  });
  return useMemo(() => new Map((data ?? []).map((s) => [s.deviceId, s])), [data]);
}

/**
 * Follows upgrade jobs live: each `command.updated` of an `upgrade` patches the device's status in
 * the cache (its stage recomputed by the domain rule); a job the cache does not know yet (started
 * in another tab) refetches the list. Mount once per page.
 */
export function useUpgradeTracking(projectId: number): void {
  const queryClient = useQueryClient();
  useLiveEvents(
    projectId,
    (e) => {
      if (e.type !== 'command.updated' || e.name !== 'upgrade') return;
      const key = firmwareKeys.upgrades(projectId);
      const old = queryClient.getQueryData<UpgradeStatus[]>(key);
      const known = old?.find((s) => s.job.id === e.commandId);
      if (!old || !known) {
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      const job: CommandJob = {
        ...known.job,
        status: e.status,
        stage: e.stage ?? known.job.stage,
        percent: e.percent ?? known.job.percent,
        code: e.code ?? known.job.code,
        updatedAt: Date.now(),
      };
      const next: UpgradeStatus = { ...known, job, stage: upgradeStageOf(job) };
      queryClient.setQueryData<UpgradeStatus[]>(
        key,
        old.map((s) => (s.job.id === e.commandId ? next : s)),
      );
    },
    ['command.updated'],
  );
}
