import {
  type CommandJob,
  commandEndpoints,
  ERR,
  errorMessage,
  LOADING_STATES,
  MANAGEMENT_MODE_REPORT_TIMEOUT_MS,
  type ManagementMode,
  managementModeEndpoints,
} from '@netloom/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../api/client';
import { useLoading } from '../../components/loading';
import { deviceKeys } from '../devices';
import { projectKeys } from '../projects';

/** How often the page asks while it waits for the device (the device answers within seconds). */
const POLL_MS = 1000;

/**
 * Where a switch is: nothing asked yet; sending the request; waiting for the device (its job, then
 * its state report); the device reported the mode asked for; or it failed (the device refused, the
 * job expired, or no report within `MANAGEMENT_MODE_REPORT_TIMEOUT_MS`: 536).
 */
export type SwitchPhase =
  | { kind: 'idle' }
  | { kind: 'sending'; mode: ManagementMode }
  | { kind: 'waiting'; mode: ManagementMode; job: CommandJob; since: number }
  | { kind: 'done'; mode: ManagementMode }
  | { kind: 'failed'; mode: ManagementMode; message: string };

/**
 * The management-mode switch of `/static/transferToLocalDev` (docs/decisions.md): sends the mode,
 * then follows the job and the device's own report of its mode — only that report means done.
 */
export function useManagementModeSwitch(projectId: number, deviceId: number, reportedMode: number | null) {
  const qc = useQueryClient();
  const { run } = useLoading();
  const [phase, setPhase] = useState<SwitchPhase>({ kind: 'idle' });
  const waiting = phase.kind === 'waiting' ? phase : null;

  const job = useQuery({
    queryKey: ['managementModeJob', projectId, waiting?.job.id ?? ''],
    queryFn: () =>
      call(commandEndpoints.get, { params: { id: projectId, commandId: waiting?.job.id ?? '' } }),
    enabled: waiting !== null,
    refetchInterval: POLL_MS,
  });

  // While waiting, the device is asked again every second: its detail carries the reported mode.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      void qc.invalidateQueries({ queryKey: deviceKeys.detail(projectId, deviceId) });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, qc, projectId, deviceId]);

  // The device's report ends the wait; a refused or expired job, or the time limit, fails it.
  useEffect(() => {
    if (!waiting) return;
    if (reportedMode === waiting.mode) {
      setPhase({ kind: 'done', mode: waiting.mode });
      void qc.invalidateQueries({ queryKey: deviceKeys.all(projectId) });
      void qc.invalidateQueries({ queryKey: projectKeys.all });
      return;
    }
    const j = job.data;
    if (j && (j.status === 'failed' || j.status === 'expired')) {
      const message =
        j.status === 'expired' ? errorMessage(ERR.MANAGEMENT_MODE_TIMEOUT) : errorMessage(j.code ?? -99);
      setPhase({ kind: 'failed', mode: waiting.mode, message });
      return;
    }
    const left = waiting.since + MANAGEMENT_MODE_REPORT_TIMEOUT_MS - Date.now();
    const timer = setTimeout(
      () =>
        setPhase({ kind: 'failed', mode: waiting.mode, message: errorMessage(ERR.MANAGEMENT_MODE_TIMEOUT) }),
      Math.max(0, left),
    );
    return () => clearTimeout(timer);
  }, [waiting, reportedMode, job.data, qc, projectId]);

  async function start(mode: ManagementMode) {
    setPhase({ kind: 'sending', mode });
    try {
      const sent = await run(LOADING_STATES.SAVING, () =>
        call(managementModeEndpoints.set, { params: { id: projectId, deviceId }, body: { mode } }),
      );
      setPhase({ kind: 'waiting', mode, job: sent, since: Date.now() });
    } catch (error) {
      setPhase({
        kind: 'failed',
        mode,
        message: error instanceof Error ? error.message : errorMessage(ERR.MANAGEMENT_MODE_TIMEOUT),
      });
    }
  }

  return {
    phase,
    /** The job's own progress: sent to the device, then done once the device confirmed. */
    jobStatus: job.data?.status ?? waiting?.job.status ?? null,
    start,
    reset: () => setPhase({ kind: 'idle' }),
  };
}
