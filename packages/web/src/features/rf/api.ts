/**
 * Hooks of the RF optimisation API (`rfEndpoints` in domain) and of the project's `rf` settings
 * document (config API). The view follows a run live: `rf.progress` events move the
 * running run's stage and percent in the cache at once, and refetch the records when it ends.
 */
import {
  type DeviceRadioSettings,
  rfEndpoints as E,
  type LiveEventOf,
  LOADING_STATES,
  type RfSettings,
  type RfView,
} from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useLiveEvents } from '../../api/live';
import { useLoading } from '../../components/loading';
import { configKeys, useSaveSettings, useSettingsView } from '../config';
import { rfKeys } from './keys';

/** A device's radio settings with its model's radios and what they run now (`GET …/config/radio`). */
export function useRadioConfig(projectId: number, deviceId: number) {
  return useSettingsView(configKeys.document(projectId, 'radio', deviceId), E.radio, {
    params: { id: projectId, deviceId },
  });
}

/** Saves a device's `radio` document (see `useSaveSettings`: 414 conflict, 400 field issues). */
export function useSaveRadioConfig(projectId: number, deviceId: number) {
  return useSaveSettings<DeviceRadioSettings>(projectId, E.saveRadio, { id: projectId, deviceId });
}

/** While a run is under way the view is also polled, in case the live channel is down. */
const RUNNING_POLL_MS = 10_000;

export function useRfView(projectId: number, enabled = true) {
  return useQuery({
    queryKey: rfKeys.view(projectId),
    queryFn: () => call(E.overview, { params: { id: projectId } }),
    enabled,
    refetchInterval: (q) => (q.state.data?.running ? RUNNING_POLL_MS : false),
  });
}

export function useRfConfig(projectId: number, enabled = true) {
  return useSettingsView(
    configKeys.document(projectId, 'rf'),
    E.settings,
    { params: { id: projectId } },
    enabled,
  );
}

export function useSaveRfConfig(projectId: number) {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (input: { baseVersion: number; settings: RfSettings }) =>
      run(LOADING_STATES.SAVING, () => call(E.saveSettings, { params: { id: projectId }, body: input })),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: configKeys.all(projectId) });
      // The next automatic run depends on the schedule just saved.
      await queryClient.invalidateQueries({ queryKey: rfKeys.all(projectId) });
    },
  });
}

/** Starts a manual run (27 when one runs, 2104 when fewer than 2 APs are online). */
export function useStartRfRun(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(E.startRun, { params: { id: projectId } }),
    onSuccess: (started) => {
      queryClient.setQueryData<RfView>(rfKeys.view(projectId), (v) => (v ? { ...v, running: started } : v));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: rfKeys.all(projectId) }),
  });
}

export type RfProgress = Pick<LiveEventOf<'rf.progress'>, 'runId' | 'status' | 'stage' | 'percent'>;

/** Applies a progress event to the cached view: the running run moves on, or leaves when it ended. */
export function applyProgress(view: RfView, p: RfProgress): RfView {
  const running = view.running;
  if (p.status !== 'running') return running?.id === p.runId ? { ...view, running: null } : view;
  if (running && running.id === p.runId) {
    return { ...view, running: { ...running, stage: p.stage, percent: p.percent } };
  }
  return view; // a run this view does not know yet: the refetch brings it
}

/**
 * Follows the project's runs live: progress moves the cached run at once (the shell's live
 * invalidation refetches the `rf` and config families shortly after, see `keys.ts`); a run
 * this view does not know yet refetches at once. Device status changes refetch the online AP count.
 */
export function useRfLive(projectId: number) {
  const queryClient = useQueryClient();
  useLiveEvents(
    projectId,
    (e) => {
      if (e.type === 'device.status') {
        void queryClient.invalidateQueries({ queryKey: rfKeys.view(projectId) });
        return;
      }
      if (e.type !== 'rf.progress') return;
      const cached = queryClient.getQueryData<RfView>(rfKeys.view(projectId));
      if (cached) queryClient.setQueryData(rfKeys.view(projectId), applyProgress(cached, e));
      if (e.status === 'running' && cached?.running?.id !== e.runId) {
        void queryClient.invalidateQueries({ queryKey: rfKeys.view(projectId) });
      }
    },
    ['device.status', 'rf.progress'],
  );
}
