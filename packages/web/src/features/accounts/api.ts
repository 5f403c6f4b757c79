import { type AccountListQuery, type AccountUpdate, accountsEndpoints as E } from '@netloom/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';

export const accountsKeys = {
  all: ['accounts'] as const,
  list: (q: AccountListQuery) => ['accounts', 'list', q] as const,
  audit: (id: number) => ['accounts', 'audit', id] as const,
};

/** One page of accounts (the previous page stays on screen while the next loads). */
export function useAccountList(query: AccountListQuery) {
  return useQuery({
    queryKey: accountsKeys.list(query),
    queryFn: () => call(E.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useAccountAudit(accountId: number | null) {
  return useQuery({
    enabled: accountId !== null,
    queryKey: accountsKeys.audit(accountId ?? 0),
    queryFn: () => call(E.audit, { params: { accountId: accountId ?? 0 } }),
  });
}

/** One change to an account; the list and its audit refetch. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { accountId: number; body: AccountUpdate }) =>
      call(E.update, { params: { accountId: args.accountId }, body: args.body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsKeys.all }),
  });
}
