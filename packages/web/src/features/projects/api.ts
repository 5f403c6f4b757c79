import {
  projectEndpoints as E,
  LOADING_STATES,
  type Project,
  type ProjectInput,
  type ProjectList,
  type ProjectLockRequest,
  type ProjectUpdate,
} from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useLoading } from '../../components/loading';
import { projectKeys } from './keys';

/** Every project the account owns or has been invited to (the server checks membership). */
export function fetchProjects(): Promise<ProjectList> {
  return call(E.list, {});
}

/** One project of the account (a member's view of it). */
export function fetchProject(id: number): Promise<Project> {
  return call(E.get, { params: { id } });
}

/**
 * The account's projects. `fresh`: asked again each time the view opens (the project list page), so
 * projects made elsewhere — another browser, a script with an API key — are there when it opens,
 * not once the cached list has aged; the cached list shows meanwhile.
 */
export function useProjects({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: projectKeys.all,
    queryFn: fetchProjects,
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}

export function useProjectsOverview() {
  return useQuery({
    queryKey: projectKeys.overview,
    queryFn: () => call(E.overview, {}),
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
          ? call(E.create, { body: args.input })
          : call(E.update, { params: { id: args.id }, body: args.input }),
      ),
    // `projects` is the prefix of the overview and per-project keys, so all of them refetch.
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (id: number) => run(LOADING_STATES.SAVING, () => call(E.delete, { params: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** Locks or unlocks a project's configuration (owner only); refreshes every project view, the menu included. */
export function useSetProjectLock() {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: ({ id, locked }: { id: number } & ProjectLockRequest) =>
      run(LOADING_STATES.SAVING, () => call(E.lock, { params: { id }, body: { locked } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
