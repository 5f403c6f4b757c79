/** The blacklist calls (domain `blacklistEndpoints`): the view, block and unblock one client. */
import { blacklistEndpoints as E } from '@netloom/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { configKeys, useSettingsView } from '../config';

const key = (projectId: number) => configKeys.document(projectId, 'blacklist');

/** The project's blacklist and its delivery (`config.status` live events refetch it). */
export function useBlacklist(projectId: number, enabled = true) {
  return useSettingsView(key(projectId), E.view, { params: { id: projectId } }, enabled && projectId > 0);
}

/** Blocks a client: a new version of the blacklist, delivered to every Wi-Fi device. */
export function useBlockClient(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { mac: string; name: string }) => call(E.block, { params: { id: projectId }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: key(projectId) }),
  });
}

export function useUnblockClient(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mac: string) => call(E.unblock, { params: { id: projectId, mac } }),
    onSettled: () => qc.invalidateQueries({ queryKey: key(projectId) }),
  });
}
