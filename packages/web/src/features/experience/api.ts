/** The experience project calls (domain `experienceEndpoints`). */
import { experienceEndpoints as E, type ExperienceCreate, LOADING_STATES } from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useLoading } from '../../components/loading';
import { projectKeys } from '../projects';

export const experienceKeys = { state: ['experience'] as const };

/** The caller's experience project; polled while its devices are still coming online. */
export function useExperience() {
  return useQuery({
    queryKey: experienceKeys.state,
    queryFn: () => call(E.get, {}),
    refetchInterval: (q) => {
      const x = q.state.data?.experience;
      return x && x.online < x.devices ? 2000 : false;
    },
  });
}

export function useCreateExperience() {
  const qc = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (body: ExperienceCreate) => run(LOADING_STATES.SAVING, () => call(E.create, { body })),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: experienceKeys.state });
      await qc.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

export function useDeleteExperience() {
  const qc = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: () => run(LOADING_STATES.SAVING, () => call(E.remove, {})),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: experienceKeys.state });
      await qc.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
