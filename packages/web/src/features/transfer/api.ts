import { transferEndpoints as E, LOADING_STATES, type TransferRequest } from '@netloom/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useLoading } from '../../components/loading';
import { projectKeys } from '../projects';

/** Sends the owner a code confirming the transfer (to the owner's own e-mail, else mobile). */
export function sendTransferCode(projectId: number) {
  return call(E.code, { params: { id: projectId } });
}

/** Transfers the project; every project view refetches (the right on it changed). */
export function useTransferProject() {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (args: { projectId: number; body: TransferRequest }) =>
      run(LOADING_STATES.SAVING, () => call(E.transfer, { params: { id: args.projectId }, body: args.body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
