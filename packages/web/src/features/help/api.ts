import { metaEndpoints as E } from '@netloom/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

/** The console's version and what changed in it (`metaEndpoints.version`); it never changes while open. */
export function useVersionInfo(enabled = true) {
  return useQuery({
    queryKey: ['version'],
    queryFn: () => call(E.version, {}),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
