/**
 * Hooks of the project's port profiles: the profiles view, its save (create, edit: following ports
 * get the change), applying a profile to ports of several switches, and deleting one (its ports
 * are detached). Keys live in the config family, so a save or a delivery refreshes every view.
 */
import {
  type ApplyProfileRequest,
  switchingEndpoints as E,
  LOADING_STATES,
  type PortProfilesSettings,
} from '@netloom/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useLoading } from '../../components/loading';
import { configKeys, useSaveSettings, useSettingsView } from '../config';

export const profilesKey = (projectId: number) => configKeys.document(projectId, 'portProfiles');

export function usePortProfiles(projectId: number) {
  return useSettingsView(profilesKey(projectId), E.profiles, { params: { id: projectId } });
}

export function useSavePortProfiles(projectId: number) {
  return useSaveSettings<PortProfilesSettings>(projectId, E.saveProfiles, { id: projectId });
}

export function useApplyProfile(projectId: number) {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (body: ApplyProfileRequest) =>
      run(LOADING_STATES.SAVING, () => call(E.applyProfile, { params: { id: projectId }, body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configKeys.all(projectId) }),
  });
}

export function useDeleteProfile(projectId: number) {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (input: { profileId: string; baseVersion: number }) =>
      run(LOADING_STATES.SAVING, () =>
        call(E.deleteProfile, {
          params: { id: projectId, profileId: input.profileId },
          query: { baseVersion: input.baseVersion },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: configKeys.all(projectId) }),
  });
}
