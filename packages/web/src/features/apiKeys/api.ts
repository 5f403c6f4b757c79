/** The account's API keys (domain `apiKeyEndpoints`) and the projects a key may be limited to. */
import { type ApiKeyCreate, apiKeyEndpoints as E, projectEndpoints } from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export const apiKeyListKey = ['account', 'apiKeys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyListKey, queryFn: () => call(E.list, {}) });
}

/** The account's projects: the key form's picker and the names in the list. */
export function useKeyProjects() {
  return useQuery({
    queryKey: ['account', 'apiKeys', 'projects'],
    queryFn: () => call(projectEndpoints.list, {}),
  });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) => call(E.create, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: apiKeyListKey }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) => call(E.revoke, { params: { keyId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: apiKeyListKey }),
  });
}
