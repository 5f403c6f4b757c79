import { type ActivationQuery, activationEndpoints as E } from '@netloom/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, hrefOf } from '../../api/client';

export const activationKeys = {
  all: ['activations'] as const,
  stats: (q: ActivationQuery) => ['activations', 'stats', q] as const,
};

/** The dashboard's figures for the filters (the previous figures stay while the next load); off while the range is refused. */
export function useActivationStats(query: ActivationQuery, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: activationKeys.stats(query),
    queryFn: () => call(E.stats, { query }),
    placeholderData: keepPreviousData,
  });
}

/** The .xlsx download of the same filters (the session cookie authenticates the link). */
export function activationExportUrl(query: ActivationQuery): string {
  return hrefOf(E.exportXlsx, { query });
}
