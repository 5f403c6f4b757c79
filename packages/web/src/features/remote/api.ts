/**
 * The remote management calls (domain `remoteEndpoints`): open a session on a device (the answer is
 * the launch link the new tab follows), end one.
 */
import { remoteEndpoints as E } from '@netloom/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/client';

export function useOpenRemote(projectId: number) {
  return useMutation({
    mutationFn: (deviceId: number) => call(E.open, { params: { id: projectId, deviceId } }),
  });
}
