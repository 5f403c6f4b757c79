import { topologyEndpoints as E } from '@netloom/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { topologyKeys } from './keys';

/** The project's topology graph; live invalidations (`keys.ts`) refresh it in place. */
export function useTopology(projectId: number) {
  return useQuery({
    queryKey: topologyKeys.graph(projectId),
    queryFn: () => call(E.graph, { params: { id: projectId } }),
  });
}
