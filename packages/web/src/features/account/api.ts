import {
  accountEndpoints as E,
  type EmailBindRequest,
  type EmailCodeRequest,
  LOADING_STATES,
  type ProfileUpdateRequest,
  type SendCodeResponse,
} from '@netloom/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useLoading } from '../../components/loading';
import { sessionKey } from '../../session/sessionApi';

/** Saves profile changes; the session query (which holds the account) refetches afterwards. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (changes: ProfileUpdateRequest) =>
      run(LOADING_STATES.SAVING, () => call(E.updateProfile, { body: changes })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

/** Uploads a new avatar (multipart field `file`), with the "Uploading…" overlay. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return run(LOADING_STATES.UPLOADING, () => call(E.uploadAvatar, { body }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

/** Mails a 6-digit code to the new address (13 when another account uses it, 2010 too early). */
export function sendEmailCode(body: EmailCodeRequest): Promise<SendCodeResponse> {
  return call(E.emailCode, { body });
}

/** Binds or changes the account's e-mail with the code; the session query refetches afterwards. */
export function useBindEmail() {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (body: EmailBindRequest) => run(LOADING_STATES.SAVING, () => call(E.bindEmail, { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}
