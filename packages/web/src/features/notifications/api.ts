import {
  notificationEndpoints as E,
  type NotifyChannelCreate,
  type NotifyChannelUpdate,
  type NotifySettings,
} from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { notificationKeys } from './keys';

// not a rule: how often the page looks again while a message is still being delivered or retried.
const WHILE_PENDING_MS = 3_000;

const pending = (s: NotifySettings | undefined) => s?.deliveries.some((d) => d.status === 'pending') ?? false;

/** The project's channels and recent deliveries; refreshed while a message is on its way. */
export function useNotifySettings(projectId: number | null) {
  return useQuery({
    enabled: projectId !== null,
    queryKey: notificationKeys.settings(projectId ?? 0),
    queryFn: () => call(E.settings, { params: { id: projectId ?? 0 } }),
    refetchInterval: (q) => (pending(q.state.data) ? WHILE_PENDING_MS : false),
  });
}

function useRefresh(projectId: number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: notificationKeys.settings(projectId) });
}

export function useCreateChannel(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (body: NotifyChannelCreate) => call(E.create, { params: { id: projectId }, body }),
    onSettled: refresh,
  });
}

export function useUpdateChannel(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: ({ channelId, body }: { channelId: number; body: NotifyChannelUpdate }) =>
      call(E.update, { params: { id: projectId, channelId }, body }),
    onSettled: refresh,
  });
}

export function useRemoveChannel(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (channelId: number) => call(E.remove, { params: { id: projectId, channelId } }),
    onSettled: refresh,
  });
}

export function useSendTest(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (channelId: number) => call(E.test, { params: { id: projectId, channelId } }),
    onSettled: refresh,
  });
}
