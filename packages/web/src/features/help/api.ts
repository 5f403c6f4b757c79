import type { VersionInfo } from '@netloom/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** The console's version and what changed in it (`GET /api/meta/version`); it never changes while open. */
export function useVersionInfo(enabled = true) {
  return useQuery({
    queryKey: ['version'],
    queryFn: () => api.get<VersionInfo>('/api/meta/version'),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
