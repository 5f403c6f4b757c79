import {
  topologyEndpoints as E,
  type Topology,
  type TopologyManualCreate,
  type TopologyManualUpdate,
} from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { topologyKeys } from './keys';

/** The project's topology graph; live invalidations (`keys.ts`) refresh it in place. */
export function useTopology(projectId: number) {
  return useQuery({
    queryKey: topologyKeys.graph(projectId),
    queryFn: () => call(E.graph, { params: { id: projectId } }),
  });
}

/**
 * The manual nodes' changes. Adding and editing answer the new graph, which replaces the cached one
 * at once (a drag does not jump back while the refetch runs); removing refetches it.
 */
export function useManualNodeChanges(projectId: number) {
  const queryClient = useQueryClient();
  const key = topologyKeys.graph(projectId);
  const put = (graph: Topology) => queryClient.setQueryData(key, graph);
  const onSettled = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    add: useMutation({
      mutationFn: (body: TopologyManualCreate) => call(E.addManual, { params: { id: projectId }, body }),
      onSuccess: put,
      onSettled,
    }),
    update: useMutation({
      mutationFn: (p: { id: number; body: TopologyManualUpdate }) =>
        call(E.updateManual, { params: { id: projectId, nodeId: p.id }, body: p.body }),
      onSuccess: put,
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(E.removeManual, { params: { id: projectId, nodeId: id } }),
      onSettled,
    }),
  };
}
