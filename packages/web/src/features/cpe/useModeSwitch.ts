import type { CommandJob, CpeMode, CpeStatus } from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useLiveEvents } from '../../api/live';
import { fetchCommandJob } from '../commands';
import { bridgeKey, useCpeMode } from './api';
import {
  decodeModeSwitch,
  encodeModeSwitch,
  MODE_SWITCH_PARAM,
  type ModeSwitch,
  modeSwitchProgress,
} from './cpeModel';

/** Ask for the job and the bridge view now and then in case an event was missed. */
const POLL_MS = 4_000;

/**
 * A CPE work-mode switch and what follows it: the command job's stages over `command.updated`
 * (and polling), then the bridge view refreshed until the device reports in the new mode. The
 * device's status events refresh the bridge view at any time (bridged, no bridge, offline).
 */
export function useModeSwitch(projectId: number, deviceId: number, status: CpeStatus | undefined) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const setMode = useCpeMode(projectId, deviceId);
  // A running switch is kept in the URL, so a reload picks it up where it was (UI.md: long
  // operations survive a reload); it is dropped when the switch ends.
  const [params, setParams] = useSearchParams();
  const [modeSwitch, setModeSwitch] = useState<ModeSwitch | null>(() =>
    decodeModeSwitch(params.get(MODE_SWITCH_PARAM), deviceId),
  );
  const keepInUrl = useCallback(
    (sw: ModeSwitch | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (sw) next.set(MODE_SWITCH_PARAM, encodeModeSwitch(deviceId, sw));
          else next.delete(MODE_SWITCH_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams, deviceId],
  );
  const viewKey = useMemo(() => bridgeKey(projectId, deviceId), [projectId, deviceId]);

  const applyJob = useCallback((job: Pick<CommandJob, 'id' | 'status' | 'stage' | 'code'>) => {
    setModeSwitch((sw) =>
      sw && sw.commandId === job.id
        ? { ...sw, jobStatus: job.status, stage: job.stage ?? sw.stage, code: job.code ?? null }
        : sw,
    );
  }, []);

  useLiveEvents(
    projectId,
    (e) => {
      if (!('deviceId' in e) || e.deviceId !== deviceId) return;
      if (e.type === 'command.updated')
        applyJob({ id: e.commandId, status: e.status, stage: e.stage ?? null, code: e.code ?? null });
      void queryClient.invalidateQueries({ queryKey: viewKey });
    },
    ['command.updated', 'device.status', 'device.updated'],
  );

  const commandId = modeSwitch?.commandId;
  const state = modeSwitch && status ? modeSwitchProgress(modeSwitch, status, Date.now()).state : null;
  const running = state === 'running';
  const ended = state === 'done' || state === 'failed';
  const inUrl = params.has(MODE_SWITCH_PARAM);
  useEffect(() => {
    if (ended && inUrl) keepInUrl(null);
  }, [ended, inUrl, keepInUrl]);

  // After a reload the job's stage is asked for at once rather than at the next poll.
  const [resumed] = useState(() => modeSwitch?.commandId ?? null);
  useEffect(() => {
    if (!resumed) return;
    fetchCommandJob(projectId, resumed)
      .then(applyJob)
      .catch(() => undefined);
  }, [resumed, projectId, applyJob]);
  useEffect(() => {
    if (!running || !commandId) return;
    const t = setInterval(() => {
      fetchCommandJob(projectId, commandId)
        .then(applyJob)
        .catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: viewKey });
    }, POLL_MS);
    return () => clearInterval(t);
  }, [running, commandId, projectId, applyJob, queryClient, viewKey]);

  const start = useCallback(
    async (target: CpeMode) => {
      try {
        const job = await setMode.mutateAsync(target);
        const sw: ModeSwitch = {
          target,
          commandId: job.id,
          startedAt: Date.now(),
          jobStatus: job.status,
          stage: job.stage,
          code: job.code,
        };
        setModeSwitch(sw);
        keepInUrl(sw);
      } catch (error) {
        if (error instanceof ApiError && error.shownGlobally) return;
        message.error(error instanceof ApiError ? error.message : 'The mode switch could not be sent.');
      }
    },
    [setMode, message, keepInUrl],
  );

  const dismiss = useCallback(() => {
    setModeSwitch(null);
    if (inUrl) keepInUrl(null);
  }, [inUrl, keepInUrl]);

  return { modeSwitch, start, starting: setMode.isPending, dismiss };
}
