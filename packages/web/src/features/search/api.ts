import { searchEndpoints as E, SEARCH_MIN_QUERY_LENGTH } from '@netloom/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

/** Query keys of the global search. */
export const searchKeys = {
  all: ['search'] as const,
  query: (q: string, projectId: number | null) => ['search', q, projectId] as const,
};

/**
 * The global search for `q` (already debounced); nothing is asked below the minimum length. The
 * last answer stays on screen while the next one loads, so results do not flicker as you type.
 */
export function useGlobalSearch(q: string, projectId: number | null) {
  return useQuery({
    enabled: q.length >= SEARCH_MIN_QUERY_LENGTH,
    queryKey: searchKeys.query(q, projectId),
    queryFn: () => call(E.search, { query: { q, ...(projectId ? { projectId } : {}) } }),
    placeholderData: keepPreviousData,
    staleTime: 5_000, // not a rule: a repeated query within seconds reuses its answer
  });
}
