/** The sharing calls (domain `sharingEndpoints`). */
import {
  sharingEndpoints as E,
  type InvitationInput,
  type ShareInput,
  type ShareUpdate,
} from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { projectKeys } from '../projects';
import { sharingKeys } from './keys';

export function useShares(projectId: number) {
  return useQuery({
    queryKey: sharingKeys.shares(projectId),
    queryFn: () => call(E.list, { params: { id: projectId } }),
    enabled: projectId > 0,
  });
}

export function useInvitations(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: sharingKeys.invitations(projectId),
    queryFn: () => call(E.invitations, { params: { id: projectId } }),
    enabled: enabled && projectId > 0,
  });
}

export function useShareActions(projectId: number) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: sharingKeys.shares(projectId) });
  return {
    create: useMutation({
      mutationFn: (body: ShareInput) => call(E.create, { params: { id: projectId }, body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: (p: { accountId: number; body: ShareUpdate }) =>
        call(E.update, { params: { id: projectId, accountId: p.accountId }, body: p.body }),
      onSettled,
    }),
    revoke: useMutation({
      mutationFn: (accountId: number) => call(E.revoke, { params: { id: projectId, accountId } }),
      onSettled,
    }),
  };
}

export function useInvitationActions(projectId: number) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: sharingKeys.invitations(projectId) });
  return {
    create: useMutation({
      mutationFn: (body: InvitationInput) => call(E.createInvitation, { params: { id: projectId }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (invitationId: number) =>
        call(E.deleteInvitation, { params: { id: projectId, invitationId } }),
      onSettled,
    }),
  };
}

/** Redeeming a code and leaving a project change the account's project list. */
export function useRedeemInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(E.redeem, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export function useLeaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: number) => call(E.leave, { params: { projectId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
