import type {
  Account,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  ResetPasswordRequest,
  SendCodeRequest,
  SendCodeResponse,
} from '@netloom/domain';
import { api } from '../../api/client';

/** Auth calls of the sign-in screens. Bodies are the domain request types, already parsed. */
export const authApi = {
  sendCode: (body: SendCodeRequest) => api.post<SendCodeResponse>('/api/auth/codes', body),
  login: (body: LoginRequest) => api.post<LoginResponse>('/api/auth/login', body),
  /** Creates the account; does not sign in. */
  register: (body: RegisterRequest) => api.post<{ account: Account }>('/api/auth/register', body),
  resetPassword: (body: ResetPasswordRequest) => api.post<unknown>('/api/auth/password/reset', body),
};
