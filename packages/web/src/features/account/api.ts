import {
  type Account,
  type EmailBindRequest,
  type EmailCodeRequest,
  LOADING_STATES,
  type ProfileUpdateRequest,
  type SendCodeResponse,
} from '@netloom/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useLoading } from '../../components/loading';
import { sessionKey } from '../../session/sessionApi';

/** Saves profile changes; the session query (which holds the account) refetches afterwards. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (changes: ProfileUpdateRequest) =>
      run(LOADING_STATES.SAVING, () => api.patch<Account>('/api/account/profile', changes)),
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
      return run(LOADING_STATES.UPLOADING, () => api.upload<unknown>('/api/account/avatar', body));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

/** Mails a 6-digit code to the new address (13 when another account uses it, 2010 too early). */
export function sendEmailCode(body: EmailCodeRequest): Promise<SendCodeResponse> {
  return api.post<SendCodeResponse>('/api/account/email/code', body);
}

/** Binds or changes the account's e-mail with the code; the session query refetches afterwards. */
export function useBindEmail() {
  const queryClient = useQueryClient();
  const { run } = useLoading();
  return useMutation({
    mutationFn: (body: EmailBindRequest) =>
      run(LOADING_STATES.SAVING, () => api.post<Account>('/api/account/email', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}
