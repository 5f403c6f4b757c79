/** The account's sessions (domain `sessionEndpoints`): the list, the policy, signing out. */
import { sessionEndpoints as E, type SessionList } from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export const sessionListKey = ['account', 'sessions'] as const;

export function useSessionList() {
  return useQuery({ queryKey: sessionListKey, queryFn: () => call(E.list, {}) });
}

export function useSetOneSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (oneSession: boolean) => call(E.setPolicy, { body: { oneSession } }),
    onSuccess: (policy) =>
      qc.setQueryData<SessionList>(sessionListKey, (old) => (old ? { ...old, ...policy } : old)),
  });
}

export function useSignOutSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => call(E.signOut, { params: { sessionId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionListKey }),
  });
}

export function useSignOutOthers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(E.signOutOthers, {}),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionListKey }),
  });
}
