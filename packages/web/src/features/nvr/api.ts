/**
 * The NVR calls (domain `nvrEndpoints`): a recorder's format jobs of the last hour, and "Format"
 * of one disk. The jobs stay live through `nvrLive` (every `command.updated` of a `formatDisk`).
 */
import { type DiskFormatJob, type DiskFormatJobs, nvrEndpoints as E } from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nvrKeys } from './keys';

/** Ask again now and then while a format runs, in case a live event was missed. */
const RUNNING_POLL_MS = 5_000;

export function useFormatJobs(projectId: number, deviceId: number) {
  return useQuery({
    queryKey: nvrKeys.formats(projectId, deviceId),
    queryFn: () => call(E.formats, { params: { id: projectId, deviceId } }),
    refetchInterval: (q) => (q.state.data?.jobs.some(isOpen) ? RUNNING_POLL_MS : false),
  });
}

export function useFormatDisk(projectId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (disk: number) => call(E.format, { params: { id: projectId, deviceId }, body: { disk } }),
    // The new job shows at once (its progress follows live), before the list is read again.
    onSuccess: (job: DiskFormatJob) =>
      queryClient.setQueryData(nvrKeys.formats(projectId, deviceId), (old: DiskFormatJobs | undefined) => ({
        jobs: [job, ...(old?.jobs ?? []).filter((j) => j.id !== job.id)],
      })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nvrKeys.formats(projectId, deviceId) }),
  });
}

/** A job still running (sent to the recorder, or waiting for it to connect). */
export function isOpen(job: Pick<DiskFormatJob, 'status'>): boolean {
  return job.status === 'pending' || job.status === 'sent';
}
