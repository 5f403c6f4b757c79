import { supportedModelsEndpoints as E, type SupportedModelsQuery } from '@netloom/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

export const supportedModelsKeys = {
  list: (q: SupportedModelsQuery) => ['supportedModels', q] as const,
};

/** The supported models matching the search and type (the previous list stays while the next loads). */
export function useSupportedModels(query: SupportedModelsQuery) {
  return useQuery({
    queryKey: supportedModelsKeys.list(query),
    queryFn: () => call(E.list, { query }),
    placeholderData: keepPreviousData,
  });
}
