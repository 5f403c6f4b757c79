/** The traceback call (domain `tracebackEndpoints`). */
import { tracebackEndpoints as E, type TimeRange } from '@netloom/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

export const tracebackKeys = {
  all: (projectId: number) => ['traceback', projectId] as const,
  of: (projectId: number, mac: string, range: TimeRange) => ['traceback', projectId, mac, range] as const,
};

/** A client's connections over a period; `clients.changed` live events refetch it (see index.ts). */
export function useTraceback(projectId: number, mac: string | null, range: TimeRange) {
  return useQuery({
    enabled: mac !== null && projectId > 0,
    queryKey: tracebackKeys.of(projectId, mac ?? '', range),
    queryFn: () => call(E.traceback, { params: { id: projectId, mac: mac ?? '' }, query: { range } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
