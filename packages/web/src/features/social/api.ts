/** The social sign-in calls (domain `socialEndpoints`): providers, the waiting identity, bindings. */
import { socialEndpoints as E, type SocialBindRequest, type SocialRegisterRequest } from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, hrefOf } from '../../api/client';

const keys = {
  providers: ['social', 'providers'] as const,
  pending: ['social', 'pending'] as const,
  bindings: ['social', 'bindings'] as const,
};

export function useSocialProviders() {
  return useQuery({ queryKey: keys.providers, queryFn: () => call(E.providers, {}) });
}

/** The identity waiting in this browser; its error (139, 159) is what the bind page shows. */
export function useSocialPending() {
  return useQuery({ queryKey: keys.pending, queryFn: () => call(E.pending, {}), retry: false });
}

export function useSocialBindings() {
  return useQuery({ queryKey: keys.bindings, queryFn: () => call(E.bindings, {}) });
}

export function useUnbindSocial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (provider: string) => call(E.unbind, { params: { provider } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.bindings }),
  });
}

export const socialApi = {
  bind: (body: SocialBindRequest) => call(E.bind, { body }),
  register: (body: SocialRegisterRequest) => call(E.register, { body }),
  /** The server route that starts a sign-in: the browser navigates there and on to the provider. */
  startHref: (provider: string, remember: number) =>
    hrefOf(E.start, { params: { provider }, query: { remember } }),
  /** The server route that binds a provider to the signed-in account (from My account). */
  linkHref: (provider: string) => hrefOf(E.link, { params: { provider } }),
};
