import type {
  Account,
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  ResetPasswordRequest,
  SendCodeRequest,
  SendCodeResponse,
} from '@netloom/domain';
import { api } from '../../api/client';

/** Auth calls: the sign-in screens, the password change and the logout. Bodies are the domain request types, already parsed. */
export const authApi = {
  sendCode: (body: SendCodeRequest) => api.post<SendCodeResponse>('/api/auth/codes', body),
  login: (body: LoginRequest) => api.post<LoginResponse>('/api/auth/login', body),
  /** Creates the account; does not sign in. */
  register: (body: RegisterRequest) => api.post<{ account: Account }>('/api/auth/register', body),
  resetPassword: (body: ResetPasswordRequest) => api.post<unknown>('/api/auth/password/reset', body),
  /** Every other session of the account ends (they get 70); this one continues. */
  changePassword: (body: ChangePasswordRequest) => api.post<unknown>('/api/auth/password/change', body),
  /** Ends this session; "not signed in" is no interruption here. */
  logout: () => api.post<unknown>('/api/auth/logout', undefined, { noSignOut: true }),
};
