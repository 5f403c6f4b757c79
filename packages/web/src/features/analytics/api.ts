import { analyticsEndpoints as E, type PivotQuery } from '@netloom/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

export const analyticsKeys = {
  pivot: (q: PivotQuery) => ['analytics', 'pivot', q] as const,
};

/**
 * The data pivot's table (the previous one stays on screen while the next loads). Always stale:
 * events keep arriving, so going back to a view asks the server again.
 */
export function usePivot(query: PivotQuery, enabled: boolean) {
  return useQuery({
    enabled,
    staleTime: 0,
    queryKey: analyticsKeys.pivot(query),
    queryFn: () => call(E.pivot, { query }),
    placeholderData: keepPreviousData,
  });
}
