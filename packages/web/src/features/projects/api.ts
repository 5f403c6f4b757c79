import {
  LOADING_STATES,
  type Project,
  type ProjectInput,
  type ProjectList,
  type ProjectLockRequest,
  type ProjectsOverview,
  type ProjectUpdate,
} from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useLoading } from '../../components/loading';
import { projectKeys } from './keys';

const PROJECTS_URL = '/api/projects';
const projectUrl = (id: number) => `${PROJECTS_URL}/${id}`;

/** Every project the account owns or has been invited to (the server checks membership). */
export function fetchProjects(): Promise<ProjectList> {
  return api.get<ProjectList>(PROJECTS_URL);
}

/** One project of the account (a member's view of it). */
export function fetchProject(id: number): Promise<Project> {
  return api.get<Project>(projectUrl(id));
}

export function useProjects() {
  return useQuery({ queryKey: projectKeys.all, queryFn: fetchProjects });
}

export function useProjectsOverview() {
  return useQuery({
    queryKey: projectKeys.overview,
    queryFn: () => api.get<ProjectsOverview>(`${PROJECTS_URL}/overview`),
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
          ? api.post<Project>(PROJECTS_URL, args.input)
          : api.patch<Project>(projectUrl(args.id), args.input),
      ),
    // `projects` is the prefix of the overview and per-project keys, so all of them refetch.
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (id: number) => run(LOADING_STATES.SAVING, () => api.del<unknown>(projectUrl(id))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** Locks or unlocks a project's configuration (owner only); refreshes every project view, the menu included. */
export function useSetProjectLock() {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: ({ id, locked }: { id: number } & ProjectLockRequest) =>
      run(LOADING_STATES.SAVING, () => api.put<Project>(`${projectUrl(id)}/lock`, { locked })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
