import {
  LOADING_STATES,
  type Project,
  type ProjectInput,
  type ProjectList,
  type ProjectsOverview,
  type ProjectUpdate,
} from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { useLoading } from '../../app/loading';

/** Every project the account owns or has been invited to (the server checks membership). */
export function useProjects() {
  return useQuery({
    queryKey: queryKeys.projects,
    queryFn: () => api.get<ProjectList>('/api/projects'),
  });
}

export function useProjectsOverview() {
  return useQuery({
    queryKey: queryKeys.projectsOverview,
    queryFn: () => api.get<ProjectsOverview>('/api/projects/overview'),
  });
}

export type SaveProjectArgs = { id: null; input: ProjectInput } | { id: number; input: ProjectUpdate };

/** Create (id null) or edit a project; shows the "Saving…" overlay and refreshes every project view. */
export function useSaveProject() {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (args: SaveProjectArgs) =>
      run(LOADING_STATES.SAVING, () =>
        args.id === null
          ? api.post<Project>('/api/projects', args.input)
          : api.patch<Project>(`/api/projects/${args.id}`, args.input),
      ),
    // `projects` is the prefix of the overview and per-project keys, so all of them refetch.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (id: number) => run(LOADING_STATES.SAVING, () => api.del<unknown>(`/api/projects/${id}`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
